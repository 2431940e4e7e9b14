// The ordered funnel (docs/counting.md: Funnel steps): a counted visitor counts at a step on a day at
// most once, and only after counting at every step before it that day (orderedFunnelSteps), so no step ever
// exceeds its predecessor; a side step (funnelSideSteps) counts once the step it follows does. Steps arrive
// out of order — the page sends its calls in parallel and the reports service records
// email_provided/report_sent on its own — so every step seen is recorded (funnel_step_visitors) and the
// visitor counts at the longest ordered prefix of what was recorded; a step that came early is counted when
// the gap before it fills.
//
// Exactly once: funnel_visitor_progress holds the steps each visitor already counts at that day, and
// conversion_funnel (one row per day and step) moves by the steps newly counted only. The progress row is
// locked (FOR UPDATE, in key order so two batches never wait on each other crosswise) before the visitor's
// steps are read, so a concurrent batch for the same visitor and day waits, then sees the other's committed
// steps and progress. Recomputing is idempotent, so a redelivered step changes nothing.
import { sql } from 'kysely';
import {
  funnelSideSteps,
  orderedFunnelSteps,
  type FunnelSideStep,
  type JourneyStep,
  type OrderedFunnelStep,
} from '@bodymetrics/contracts';
import { chunks, incrementRows, unnestRows, type Trx } from '../sql-helpers';

/**
 * Every journey step is in the order or a side step, so the funnel counts each (a step in neither would
 * read 0 for ever): this fails to compile when one is left out.
 */
const everyStepCounted: Record<Exclude<JourneyStep, OrderedFunnelStep | FunnelSideStep>, never> = {};
void everyStepCounted;

const sideSteps = Object.entries(funnelSideSteps) as [FunnelSideStep, OrderedFunnelStep][];

export interface SeenStep {
  date: string;
  step: JourneyStep;
  /** The counted visitor (the enriched event's `visitor`). */
  visitor: string;
}

/** The steps `recorded` lets a visitor count at: the longest ordered prefix, and the side steps it reaches. */
export function countedStepsOf(recorded: ReadonlySet<string>): Set<JourneyStep> {
  const counted = new Set<JourneyStep>();
  for (const step of orderedFunnelSteps) {
    if (!recorded.has(step)) break;
    counted.add(step);
  }
  for (const [side, after] of sideSteps) if (counted.has(after) && recorded.has(side)) counted.add(side);
  return counted;
}

/** Steps in the funnel's order, the side steps after it (how a progress row lists them). */
const funnelPosition = new Map<string, number>(
  [...orderedFunnelSteps, ...sideSteps.map(([side]) => side)].map((step, i) => [step, i]),
);
const inFunnelOrder = (steps: Iterable<JourneyStep>): JourneyStep[] =>
  [...steps].sort((a, b) => (funnelPosition.get(a) ?? Infinity) - (funnelPosition.get(b) ?? Infinity));

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

  // 1. The visitor-day progress rows exist and are ours until commit (created in key order, then locked in it).
  for (const slice of chunks(visitors)) {
    await trx
      .insertInto('funnel_visitor_progress')
      .columns(['date', 'visitor_id'])
      .expression(
        unnestRows(slice, [
          ['date', (v) => v.date],
          ['text', (v) => v.visitor],
        ]),
      )
      .onConflict((oc) => oc.columns(['date', 'visitor_id']).doNothing())
      .execute();
  }
  const before = new Map<string, ReadonlySet<JourneyStep>>();
  for (const slice of chunks(visitors)) {
    const rows = await sql<{ date: string; visitor_id: string; counted_steps: JourneyStep[] }>`
      select date::text as date, visitor_id, counted_steps
      from funnel_visitor_progress
      where (date, visitor_id) in (
        select * from unnest(${slice.map((v) => v.date)}::date[], ${slice.map((v) => v.visitor)}::text[])
      )
      order by date, visitor_id
      for update
    `.execute(trx);
    for (const r of rows.rows) before.set(`${r.date}|${r.visitor_id}`, new Set(r.counted_steps));
  }

  // 2. Every step seen is recorded, in or out of order.
  for (const slice of chunks(byKey(seen, (s) => `${s.date}|${s.visitor}|${s.step}`))) {
    await trx
      .insertInto('funnel_step_visitors')
      .columns(['date', 'step', 'visitor_id'])
      .expression(
        unnestRows(slice, [
          ['date', (s) => s.date],
          ['text', (s) => s.step],
          ['text', (s) => s.visitor],
        ]),
      )
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

  // 4. The funnel moves by the steps each visitor newly counts at; the progress row takes them in. Never
  // backwards: a step counted stays counted (a step row deleted by retention or reset changes no past count).
  const increments: { date: string; step: JourneyStep; visitors: number }[] = [];
  const moved: { date: string; visitor: string; steps: JourneyStep[] }[] = [];
  for (const { date, visitor } of visitors) {
    const key = `${date}|${visitor}`;
    const was = before.get(key) ?? new Set<JourneyStep>();
    const newly = [...countedStepsOf(recorded.get(key) ?? new Set())].filter((step) => !was.has(step));
    if (!newly.length) continue;
    for (const step of newly) increments.push({ date, step, visitors: 1 });
    moved.push({ date, visitor, steps: inFunnelOrder([...was, ...newly]) });
  }
  for (const slice of chunks(moved)) {
    // Each visitor's steps as one '{a,b}' text[] literal: unnest cannot carry an array of arrays.
    await sql`
      update funnel_visitor_progress p set counted_steps = m.counted_steps::text[]
      from unnest(
        ${slice.map((m) => m.date)}::date[],
        ${slice.map((m) => m.visitor)}::text[],
        ${slice.map((m) => `{${m.steps.join(',')}}`)}::text[]
      ) as m(date, visitor_id, counted_steps)
      where p.date = m.date and p.visitor_id = m.visitor_id
    `.execute(trx);
  }
  await incrementRows(
    trx,
    { table: 'conversion_funnel', keys: ['date', 'step'], counters: ['visitors'] },
    increments,
  );
}
