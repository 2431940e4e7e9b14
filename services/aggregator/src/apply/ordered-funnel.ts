// The ordered funnel (issue 13 item 4, README "How we count"): a counted visitor counts at a step on a day
// at most once, and only after counting at every step before it that day (orderedFunnelSteps), so no step
// ever exceeds its predecessor. Steps arrive out of order — the page sends its calls in parallel and the
// reports service records email_provided/report_sent on its own — so every step seen is recorded
// (funnel_step_visitors) and the visitor counts at the longest ordered prefix of what was recorded; a step
// that came early is counted when the gap before it fills.
//
// Exactly once: funnel_visitor_progress holds how many ordered steps each visitor already counts at that
// day, and conversion_funnel moves by the difference only. Its row is locked (FOR UPDATE, in key order so
// two batches never wait on each other crosswise) before the visitor's steps are read, so a concurrent batch
// for the same visitor and day waits, then sees the other's committed steps and cursor. Recomputing is
// idempotent, so a redelivered step changes nothing.
import { sql } from 'kysely';
import { orderedFunnelSteps, type JourneyStep } from '@bodymetrics/contracts';
import { chunks, incrementRows, type CounterColumn, type IncrementRow, type Trx } from '../sql-helpers';

type FunnelColumn = CounterColumn<'conversion_funnel'>;

/** The conversion_funnel column each step moves. */
export const funnelColumn: Record<JourneyStep, FunnelColumn> = {
  landing: 'landing_visitors',
  form_started: 'form_started',
  form_completed: 'form_completed',
  results_viewed: 'results_viewed',
  email_provided: 'email_provided',
  report_sent: 'report_sent',
  bridge_viewed: 'bridge_viewed',
  bridge_affiliate_click: 'bridge_affiliate_clicks',
  bridge_to_full_results: 'bridge_to_full_results',
};

/** The side step, and how many ordered steps a visitor must count at first (through bridge_viewed). */
const SIDE_STEP: JourneyStep = 'bridge_affiliate_click';
const SIDE_STEP_NEEDS = orderedFunnelSteps.indexOf('bridge_viewed') + 1;

export interface SeenStep {
  date: string;
  step: JourneyStep;
  /** The counted visitor (countedVisitor). */
  visitor: string;
}

interface Progress {
  countedSteps: number;
  bridgeClickCounted: boolean;
}

/** How far along the order `steps` reach, and whether the side step counts with them. */
export function progressOf(steps: ReadonlySet<string>): Progress {
  let countedSteps = 0;
  while (countedSteps < orderedFunnelSteps.length && steps.has(orderedFunnelSteps[countedSteps]!))
    countedSteps++;
  return { countedSteps, bridgeClickCounted: countedSteps >= SIDE_STEP_NEEDS && steps.has(SIDE_STEP) };
}

const byKey = <T>(items: T[], keyOf: (item: T) => string): T[] =>
  [...new Map(items.map((i) => [keyOf(i), i])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, i]) => i);

export async function applyOrderedFunnel(trx: Trx, seen: SeenStep[]): Promise<void> {
  if (!seen.length) return;
  const visitors = byKey(seen, (s) => `${s.date}|${s.visitor}`).map(({ date, visitor }) => ({
    date,
    visitor,
  }));

  // 1. The visitor-day cursors exist and are ours until commit (created in key order, then locked in it).
  for (const slice of chunks(visitors)) {
    await trx
      .insertInto('funnel_visitor_progress')
      .values(slice.map((v) => ({ date: v.date, visitor_id: v.visitor })))
      .onConflict((oc) => oc.columns(['date', 'visitor_id']).doNothing())
      .execute();
  }
  const before = new Map<string, Progress>();
  for (const slice of chunks(visitors)) {
    const rows = await sql<{
      date: string;
      visitor_id: string;
      counted_steps: number;
      bridge_click_counted: boolean;
    }>`
      select date::text as date, visitor_id, counted_steps, bridge_click_counted
      from funnel_visitor_progress
      where (date, visitor_id) in (
        select * from unnest(${slice.map((v) => v.date)}::date[], ${slice.map((v) => v.visitor)}::text[])
      )
      order by date, visitor_id
      for update
    `.execute(trx);
    for (const r of rows.rows) {
      before.set(`${r.date}|${r.visitor_id}`, {
        countedSteps: r.counted_steps,
        bridgeClickCounted: r.bridge_click_counted,
      });
    }
  }

  // 2. Every step seen is recorded, in or out of order.
  for (const slice of chunks(byKey(seen, (s) => `${s.date}|${s.visitor}|${s.step}`))) {
    await trx
      .insertInto('funnel_step_visitors')
      .values(slice.map((s) => ({ date: s.date, step: s.step, visitor_id: s.visitor })))
      .onConflict((oc) => oc.columns(['date', 'step', 'visitor_id']).doNothing())
      .execute();
  }

  // 3. Each visitor's recorded steps (read after the lock: a batch that held it before has committed).
  const recorded = new Map<string, Set<string>>();
  for (const slice of chunks(visitors)) {
    const rows = await sql<{ date: string; visitor_id: string; step: string }>`
      select date::text as date, visitor_id, step
      from funnel_step_visitors
      where (date, visitor_id) in (
        select * from unnest(${slice.map((v) => v.date)}::date[], ${slice.map((v) => v.visitor)}::text[])
      )
    `.execute(trx);
    for (const r of rows.rows) {
      const key = `${r.date}|${r.visitor_id}`;
      const steps = recorded.get(key) ?? new Set<string>();
      steps.add(r.step);
      recorded.set(key, steps);
    }
  }

  // 4. The funnel moves by what each visitor newly counts at; the cursor moves with it.
  const increments: IncrementRow<'conversion_funnel', 'date', FunnelColumn>[] = [];
  const moved: { date: string; visitor: string; progress: Progress }[] = [];
  for (const { date, visitor } of visitors) {
    const key = `${date}|${visitor}`;
    const was = before.get(key) ?? { countedSteps: 0, bridgeClickCounted: false };
    const now = progressOf(recorded.get(key) ?? new Set());
    // Never backwards: the cursor only grows (a step row deleted by retention or reset changes no past count).
    const countedSteps = Math.max(was.countedSteps, now.countedSteps);
    const bridgeClickCounted = was.bridgeClickCounted || now.bridgeClickCounted;
    if (countedSteps === was.countedSteps && bridgeClickCounted === was.bridgeClickCounted) continue;
    const row: IncrementRow<'conversion_funnel', 'date', FunnelColumn> = { date };
    for (const column of Object.values(funnelColumn)) row[column] = 0;
    for (const step of orderedFunnelSteps.slice(was.countedSteps, countedSteps)) row[funnelColumn[step]] = 1;
    if (bridgeClickCounted && !was.bridgeClickCounted) row[funnelColumn[SIDE_STEP]] = 1;
    increments.push(row);
    moved.push({ date, visitor, progress: { countedSteps, bridgeClickCounted } });
  }
  for (const slice of chunks(moved)) {
    await sql`
      update funnel_visitor_progress p
      set counted_steps = m.counted_steps, bridge_click_counted = m.bridge_click_counted
      from unnest(
        ${slice.map((m) => m.date)}::date[],
        ${slice.map((m) => m.visitor)}::text[],
        ${slice.map((m) => m.progress.countedSteps)}::smallint[],
        ${slice.map((m) => m.progress.bridgeClickCounted)}::boolean[]
      ) as m(date, visitor_id, counted_steps, bridge_click_counted)
      where p.date = m.date and p.visitor_id = m.visitor_id
    `.execute(trx);
  }
  await incrementRows(
    trx,
    { table: 'conversion_funnel', keys: ['date'], counters: Object.values(funnelColumn) },
    increments,
  );
}
