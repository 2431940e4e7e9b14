// The aggregator killed with SIGKILL five times while 100,000 events stream in through the tracking
// service. No shutdown hook runs, the batch in hand dies with its transaction, offsets may be committed
// or not: after the last restart every event that got a 202 is in the raw tables once and counted once
// in the aggregates, whose numbers are worked out below from what was sent.
//
// The stream: 20,000 visitors, each with 3 page views in one session and 2 journey steps (landing,
// form_started) — 100,000 events. With every request answered 202:
//   page_visits 60,000 rows; user_journey 40,000 rows
//   daily_visits: total_page_views 60,000, sessions 20,000, bounced_sessions 0 (3 views each),
//     unique_visitors 20,000 (when the run does not straddle midnight)
//   conversion_funnel: landing_visitors 20,000, form_started 20,000
//   session_metrics: 20,000 rows, total_page_views 60,000, total_visits 20,000
// Any request not answered 202 is left out of these numbers visitor by visitor (see `expected`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { startAggregatorProcess, type AggregatorProcess } from './src/aggregator-process';
import {
  expectCountedOnce,
  expectedFigures,
  expectOnlyAcceptedOrUnavailable,
  rawRowsLanded,
  startStreamTarget,
  type StreamTarget,
} from './src/kill-under-stream';
import { countRows } from './src/rows';

const visitors = 20_000;
const kills = 5;
const concurrency = 200;

let target: StreamTarget;
let database: TestDatabase;
let testBus: TestBus;
let aggregator: AggregatorProcess | undefined;

beforeAll(async () => {
  target = await startStreamTarget('aggregator-kill');
  ({ database, testBus } = target);
});

afterAll(async () => {
  await aggregator?.kill('SIGKILL');
  await target?.close();
}, 120_000);

describe('aggregator killed with SIGKILL five times during a 100,000-event stream', () => {
  it('counts every 202 exactly once in the raw tables and the aggregates', async () => {
    const started = Date.now();
    const rawRows = async () =>
      (await countRows(database.db, 'page_visits')) + (await countRows(database.db, 'user_journey'));
    const streaming = target.streamVisitors({ visitors, label: 'kill', concurrency });
    const { totalEvents } = streaming;
    // Once every request was answered, a run can apply all of them before its kill (a quiet machine's
    // stream outruns the kills): then nothing more will ever land, and the wait below stops at "all of them".
    let allAccepted: number | undefined;
    void streaming.done.then(
      (outcome) => {
        const expected = expectedFigures(outcome.accepted);
        allAccepted = expected.pages + expected.steps;
      },
      () => undefined, // its failure is the test's, where it awaits the outcome below
    );
    const killedAt: number[] = [];
    const sentAtKill: number[] = [];
    for (let k = 0; k < kills; k++) {
      aggregator = startAggregatorProcess({ databaseUrl: database.url, topicPrefix: testBus.topicPrefix });
      // Spread over the stream: the k-th kill once (k + 1) sixths of it have been sent.
      await streaming.reached(((k + 1) * totalEvents) / (kills + 1), 120_000);
      const before = await rawRows();
      // Mid-stream: this run has applied something, then a moment more so the kill lands anywhere in a batch.
      await eventually(
        async () => {
          const now = await rawRows();
          expect(now > before || now === allAccepted).toBe(true);
        },
        {
          timeoutMs: 90_000,
          intervalMs: 50,
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1_200));
      await aggregator.kill('SIGKILL');
      killedAt.push(await rawRows());
      sentAtKill.push(streaming.answered());
    }
    const outcome = await streaming.done;
    const { statuses } = outcome;
    const sentIn = Date.now() - started;
    aggregator = startAggregatorProcess({ databaseUrl: database.url, topicPrefix: testBus.topicPrefix });

    const expected = expectedFigures(outcome.accepted);
    const accepted202 = statuses.get(202) ?? 0;
    await rawRowsLanded(database.db, expected, 150_000);
    console.log(
      `[aggregator kill] ${totalEvents} events sent in ${sentIn} ms (${JSON.stringify(Object.fromEntries(statuses))}); ` +
        `at each SIGKILL: sent ${sentAtKill.join(', ')}, applied ${killedAt.join(', ')}; all ${accepted202} landed ${Date.now() - started} ms after the start`,
    );
    expectOnlyAcceptedOrUnavailable(outcome, expected);
    expect(killedAt.some((n) => n < accepted202)).toBe(true);

    await expectCountedOnce(database.db, expected);
  }, 240_000);
});
