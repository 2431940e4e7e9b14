// The funnel stored by step (2026-11-27T0200_funnel_by_step) on a database that counted it a column per
// step and kept each visitor's progress as a position in the order: every day's figures read the same after
// the move (a day of zeros and a day whose visitor sets retention deleted included), each position becomes
// the steps it stood for, the aggregator goes on from them without counting anything twice, and the way
// back restores the columns and positions.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { buildEnvelope } from '@bodymetrics/bus';
import { journeySteps, orderedFunnelSteps, topics, type JourneyStep } from '@bodymetrics/contracts';
import { migrateTo, migrateToLatest } from '@bodymetrics/db';
import { funnelDays } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const tz = 'Europe/Bucharest';
const before = '2026-11-27T0100_visit_elapsed_time';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const columns = [
  'landing_visitors',
  'form_started',
  'form_completed',
  'results_viewed',
  'email_provided',
  'report_sent',
  'bridge_viewed',
  'bridge_affiliate_clicks',
  'bridge_to_full_results',
] as const;
type Counts = Record<(typeof columns)[number], number>;
const day = (counts: Partial<Counts>): Counts => ({
  ...(Object.fromEntries(columns.map((c) => [c, 0])) as Counts),
  ...counts,
});

const date = '2026-11-20';
/** The days as counted by columns: a busy day, a day listed with nothing counted, a day retention thinned. */
const stored: [string, Counts][] = [
  ['2025-01-10', day({ landing_visitors: 7, form_started: 6 })],
  [
    date,
    day({
      landing_visitors: 5,
      form_started: 4,
      form_completed: 3,
      bridge_viewed: 3,
      bridge_to_full_results: 2,
      results_viewed: 2,
      email_provided: 1,
      report_sent: 1,
      bridge_affiliate_clicks: 1,
    }),
  ],
  ['2026-11-21', day({})],
];

/** Visitors of `date`: the steps recorded for them, and their position in the order then. */
const visitors: { visitor: string; recorded: readonly JourneyStep[]; position: number; click: boolean }[] = [
  { visitor: 'p', recorded: journeySteps, position: 8, click: true },
  {
    visitor: 'q',
    recorded: ['landing', 'form_started', 'form_completed', 'bridge_viewed'],
    position: 4,
    click: false,
  },
  { visitor: 'r', recorded: ['results_viewed'], position: 0, click: false },
];

const columnsOf = async (db: Parameters<typeof migrateTo>[0]) =>
  (
    await sql<{ date: string } & Counts>`select date::text as date, ${sql.join(
      columns.map((c) => sql.ref(c)),
    )} from conversion_funnel order by date`.execute(db)
  ).rows;

describe('the funnel stored by step', () => {
  it('moves every figure and progress, counts on from there, and goes back', async ({ database }) => {
    const { db } = database;
    await migrateTo(db, before);
    for (const [d, counts] of stored) {
      await sql`insert into conversion_funnel (date, ${sql.join(columns.map((c) => sql.ref(c)))})
        values (${d}, ${sql.join(columns.map((c) => counts[c]))})`.execute(db);
    }
    for (const { visitor, recorded, position, click } of visitors) {
      await db
        .insertInto('funnel_step_visitors')
        .values(recorded.map((step) => ({ date, step, visitor_id: visitor })))
        .execute();
      await sql`insert into funnel_visitor_progress (date, visitor_id, counted_steps, bridge_click_counted)
        values (${date}, ${visitor}, ${position}, ${click})`.execute(db);
    }
    const figures = await columnsOf(db);
    expect(figures.map((f) => f.date)).toEqual(stored.map(([d]) => d));

    await migrateToLatest(db);

    expect(await funnelDays(db)).toEqual(figures);
    expect(
      await db
        .selectFrom('funnel_visitor_progress')
        .select(['visitor_id', 'counted_steps'])
        .orderBy('visitor_id')
        .execute(),
    ).toEqual([
      { visitor_id: 'p', counted_steps: [...orderedFunnelSteps, 'bridge_affiliate_click'] },
      { visitor_id: 'q', counted_steps: ['landing', 'form_started', 'form_completed', 'bridge_viewed'] },
      { visitor_id: 'r', counted_steps: [] },
    ]);

    // Later that day: p sends everything again (nothing moves); q's bridge click, full results and results
    // count now, once; r lands, and the results r sent before landing still wait for form_started.
    const at = new Date(`${date}T12:00:00Z`);
    const event = (visitor: string, step: JourneyStep) =>
      buildEnvelope(
        topics.journey,
        {
          visitorId: visitor,
          sessionId: `s-${visitor}`,
          step,
          visitorKey: visitor,
          ipAddress: null,
          requestUserAgent: chrome,
          isBot: false,
        },
        at,
      );
    await db.transaction().execute((trx) =>
      applyBatchToDb(
        trx,
        {
          topic: topics.journey,
          events: [
            ...journeySteps.map((step) => event('p', step)),
            event('q', 'bridge_affiliate_click'),
            event('q', 'bridge_to_full_results'),
            event('q', 'results_viewed'),
            event('r', 'landing'),
          ],
        },
        tz,
      ),
    );
    const counted = day({
      landing_visitors: 6,
      form_started: 4,
      form_completed: 3,
      bridge_viewed: 3,
      bridge_to_full_results: 3,
      results_viewed: 3,
      email_provided: 1,
      report_sent: 1,
      bridge_affiliate_clicks: 2,
    });
    expect((await funnelDays(db)).find((f) => f.date === date)).toEqual({ date, ...counted });

    // And back: a column per step, each position as the steps counted make it.
    await migrateTo(db, before);
    expect(await columnsOf(db)).toEqual([
      { date: '2025-01-10', ...stored[0]![1] },
      { date, ...counted },
      { date: '2026-11-21', ...stored[2]![1] },
    ]);
    expect(
      (
        await sql<{ visitor_id: string; counted_steps: number; bridge_click_counted: boolean }>`
          select visitor_id, counted_steps, bridge_click_counted from funnel_visitor_progress order by visitor_id`.execute(
          db,
        )
      ).rows,
    ).toEqual([
      { visitor_id: 'p', counted_steps: 8, bridge_click_counted: true },
      { visitor_id: 'q', counted_steps: 6, bridge_click_counted: true },
      { visitor_id: 'r', counted_steps: 1, bridge_click_counted: false },
    ]);
  });
});
