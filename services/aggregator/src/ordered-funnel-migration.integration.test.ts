// The ordered funnel's migration on a database that already counted days the old way (each step on its
// own): the days whose visitor sets are kept are recounted by the new rule, and the cursors it leaves let
// the aggregator go on from there without counting anything twice.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { buildEnvelope } from '@bodymetrics/bus';
import { topics, type JourneyEvent, type JourneyStep } from '@bodymetrics/contracts';
import { migrateTo, migrateToLatest, migrationNames } from '@bodymetrics/db';
import { funnelDay } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const tz = 'Europe/Bucharest';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('the ordered funnel migration', () => {
  it('recounts the kept days by the new rule and leaves cursors the aggregator goes on from', async ({
    database,
  }) => {
    const { db } = database;
    await migrateTo(db, '2026-11-23T0500_engaged_visits');
    // A day counted the old way: a: landing … results_viewed without the bridge, plus report_sent from the
    // page; b: landing and results_viewed; c: landing, form_started, the bridge click. Old figures: each step
    // once per visitor who sent it.
    const date = '2026-11-20';
    const steps: [string, JourneyStep[]][] = [
      ['a', ['landing', 'form_started', 'form_completed', 'results_viewed', 'report_sent']],
      ['b', ['landing', 'results_viewed']],
      ['c', ['landing', 'form_started', 'bridge_affiliate_click']],
    ];
    await db
      .insertInto('funnel_step_visitors')
      .values(steps.flatMap(([visitor_id, list]) => list.map((step) => ({ date, step, visitor_id }))))
      .execute();
    // conversion_funnel as it was then: a column per step.
    await sql`insert into conversion_funnel (date, landing_visitors, form_started, form_completed, results_viewed,
      report_sent, bridge_affiliate_clicks) values (${date}, 3, 2, 1, 2, 1, 1)`.execute(db);

    expect(await migrateToLatest(db)).toEqual(
      migrationNames.slice(migrationNames.indexOf('2026-11-23T0600_ordered_funnel')),
    );

    // a reaches form_completed (no bridge_viewed), b landing, c form_started; no bridge click counts.
    const funnel = await funnelDay(db, date);
    expect(funnel).toMatchObject({
      landing_visitors: 3,
      form_started: 2,
      form_completed: 1,
      bridge_viewed: 0,
      results_viewed: 0,
      report_sent: 0,
      bridge_affiliate_clicks: 0,
    });
    // The steps each visitor counts at (the later migration turned the positions 3, 1, 2 into them).
    const progress = await db
      .selectFrom('funnel_visitor_progress')
      .select(['visitor_id', 'counted_steps'])
      .orderBy('visitor_id')
      .execute();
    expect(progress).toEqual([
      { visitor_id: 'a', counted_steps: ['landing', 'form_started', 'form_completed'] },
      { visitor_id: 'b', counted_steps: ['landing'] },
      { visitor_id: 'c', counted_steps: ['landing', 'form_started'] },
    ]);

    // Later that day a's bridge steps arrive: bridge_viewed, bridge_to_full_results and the results a had
    // already sent count now, once; report_sent waits for email_provided.
    const at = new Date('2026-11-20T12:00:00Z');
    const event = (step: JourneyEvent['step']) =>
      buildEnvelope(
        topics.journey,
        {
          visitorId: 'a',
          sessionId: 's-a',
          step,
          visitorKey: 'a',
          ipAddress: null,
          requestUserAgent: chrome,
          isBot: false,
        },
        at,
      );
    await db
      .transaction()
      .execute((trx) =>
        applyBatchToDb(
          trx,
          { topic: topics.journey, events: [event('bridge_viewed'), event('bridge_to_full_results')] },
          tz,
        ),
      );
    expect(await funnelDay(db, date)).toMatchObject({
      form_completed: 1,
      bridge_viewed: 1,
      bridge_to_full_results: 1,
      results_viewed: 1,
      report_sent: 0,
    });
  });
});
