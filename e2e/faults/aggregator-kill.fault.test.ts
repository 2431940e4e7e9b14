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
import {
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { startAggregatorProcess, type AggregatorProcess } from './src/aggregator-process';
import { countRows, sumColumn } from './src/rows';
import { desktopChrome, journeyBody, pageVisitBody } from './src/visits';

const visitors = 20_000;
const pagesPerVisitor = 3;
const steps = ['landing', 'form_started'] as const;
const eventsPerVisitor = pagesPerVisitor + steps.length;
const totalEvents = visitors * eventsPerVisitor;
const kills = 5;
const concurrency = 200;

let database: TestDatabase;
let testBus: TestBus;
let tracking: ReturnType<typeof buildTracking>;
let aggregator: AggregatorProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase('faults_aggregator_kill');
  testBus = await createTestBus('faults-aggregator-kill');
  tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
});

afterAll(async () => {
  await aggregator?.kill('SIGKILL');
  await tracking?.close();
  await testBus?.cleanup();
  await database?.drop();
}, 120_000);

/** Event `i` of the stream: visitor i / 5, then 3 page views and 2 steps. */
function request(i: number) {
  const v = Math.floor(i / eventsPerVisitor);
  const k = i % eventsPerVisitor;
  const visitorId = `kill-visitor-${v}`;
  return k < pagesPerVisitor
    ? {
        visitor: v,
        kind: 'page' as const,
        url: '/api/analytics/page-visit',
        payload: pageVisitBody(visitorId, `kill-session-${v}`, `/page-${k}`),
      }
    : {
        visitor: v,
        kind: steps[k - pagesPerVisitor]!,
        url: '/api/journey/track',
        payload: journeyBody(visitorId, steps[k - pagesPerVisitor]!, `kill-session-${v}`),
      };
}

/** How many requests of the stream have been answered so far. */
let answered = 0;

/** Sends the whole stream, `concurrency` requests at a time; resolves with what each visitor got accepted. */
async function sendStream() {
  const accepted = Array.from({ length: visitors }, () => ({ pages: 0, landing: 0, form_started: 0 }));
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < totalEvents; i = next++) {
      const r = request(i);
      const res = await tracking.inject({
        method: 'POST',
        url: r.url,
        headers: { 'user-agent': desktopChrome },
        payload: r.payload,
      });
      answered += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode !== 202) continue;
      const a = accepted[r.visitor]!;
      if (r.kind === 'page') a.pages += 1;
      else a[r.kind] += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { accepted, statuses };
}

describe('aggregator killed with SIGKILL five times during a 100,000-event stream', () => {
  it('counts every 202 exactly once in the raw tables and the aggregates', async () => {
    const started = Date.now();
    const rawRows = async () =>
      (await countRows(database.db, 'page_visits')) + (await countRows(database.db, 'user_journey'));
    const streaming = sendStream();
    const killedAt: number[] = [];
    const sentAtKill: number[] = [];
    for (let k = 0; k < kills; k++) {
      aggregator = startAggregatorProcess({ databaseUrl: database.url, topicPrefix: testBus.topicPrefix });
      // Spread over the stream: the k-th kill once (k + 1) sixths of it have been sent.
      await eventually(
        async () => expect(answered).toBeGreaterThanOrEqual(((k + 1) * totalEvents) / (kills + 1)),
        {
          timeoutMs: 120_000,
          intervalMs: 100,
        },
      );
      const before = await rawRows();
      // Mid-stream: this run has applied something, then a moment more so the kill lands anywhere in a batch.
      await eventually(async () => expect(await rawRows()).toBeGreaterThan(before), {
        timeoutMs: 90_000,
        intervalMs: 50,
      });
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1_200));
      await aggregator.kill('SIGKILL');
      killedAt.push(await rawRows());
      sentAtKill.push(answered);
    }
    const { accepted, statuses } = await streaming;
    const sentIn = Date.now() - started;
    aggregator = startAggregatorProcess({ databaseUrl: database.url, topicPrefix: testBus.topicPrefix });

    const expected = {
      pages: accepted.reduce((s, a) => s + a.pages, 0),
      steps: accepted.reduce((s, a) => s + a.landing + a.form_started, 0),
      sessions: accepted.filter((a) => a.pages > 0).length,
      bounced: accepted.filter((a) => a.pages === 1).length,
      landing: accepted.reduce((s, a) => s + a.landing, 0),
      formStarted: accepted.reduce((s, a) => s + a.form_started, 0),
      visitorsSeen: accepted.filter((a) => a.pages + a.landing + a.form_started > 0).length,
    };
    const accepted202 = statuses.get(202) ?? 0;
    await eventually(
      async () => {
        expect(await countRows(database.db, 'page_visits')).toBe(expected.pages);
        expect(await countRows(database.db, 'user_journey')).toBe(expected.steps);
      },
      { timeoutMs: 150_000, intervalMs: 500 },
    );
    console.log(
      `[aggregator kill] ${totalEvents} events sent in ${sentIn} ms (${JSON.stringify(Object.fromEntries(statuses))}); ` +
        `at each SIGKILL: sent ${sentAtKill.join(', ')}, applied ${killedAt.join(', ')}; all ${accepted202} landed ${Date.now() - started} ms after the start`,
    );
    // Only 202 and, were Kafka slow to acknowledge, 503: never a 5xx of another kind.
    expect([...statuses.keys()].filter((s) => s !== 202 && s !== 503)).toEqual([]);
    expect(expected.pages + expected.steps).toBe(accepted202);
    expect(killedAt.some((n) => n < accepted202)).toBe(true);

    const daily = await database.db
      .selectFrom('daily_visits')
      .select(['unique_visitors', 'total_page_views', 'sessions', 'bounced_sessions'])
      .execute();
    const sum = (k: keyof (typeof daily)[number]) => daily.reduce((s, r) => s + Number(r[k]), 0);
    expect(sum('total_page_views')).toBe(expected.pages);
    expect(sum('sessions')).toBe(expected.sessions);
    expect(sum('bounced_sessions')).toBe(expected.bounced);
    if (daily.length === 1) expect(sum('unique_visitors')).toBe(expected.sessions);
    expect(await sumColumn(database.db, 'conversion_funnel', 'landing_visitors')).toBe(expected.landing);
    expect(await sumColumn(database.db, 'conversion_funnel', 'form_started')).toBe(expected.formStarted);
    expect(await countRows(database.db, 'session_metrics')).toBe(expected.visitorsSeen);
    expect(await sumColumn(database.db, 'session_metrics', 'total_page_views')).toBe(expected.pages);
    expect(await sumColumn(database.db, 'session_metrics', 'total_visits')).toBe(expected.sessions);
  }, 240_000);
});
