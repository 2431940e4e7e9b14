// Aggregators that scale out (issue 16 item 4): two aggregator processes share the topics' partitions in
// one consumer group (each applying two partitions at once, their default) while 60,000 events stream in
// through the tracking service. One of them is killed with SIGKILL four times — each time once it has
// applied something of its own (waited for up to a minute), so it held partitions and a batch may die with
// its transaction — and started again; the other runs throughout and takes the killed one's partitions
// over. After the stream every event that got a 202 is in the raw tables once and counted once in the
// aggregates, worked out below from what was sent.
//
// The stream: 12,000 visitors, each with 3 page views in one session and 2 journey steps (landing,
// form_started) — 60,000 events. With every request answered 202:
//   page_visits 36,000 rows; user_journey 24,000 rows
//   daily_visits: total_page_views 36,000, sessions 12,000, bounced_sessions 0 (3 views each),
//     unique_visitors 12,000 (when the run does not straddle midnight)
//   conversion_funnel: landing_visitors 12,000, form_started 12,000
//   session_metrics: 12,000 rows, total_page_views 36,000, total_visits 12,000
// Any request not answered 202 is left out of these numbers visitor by visitor (see `expected`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestBus,
  createTestDatabase,
  eventually,
  freePort,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { startAggregatorProcess, type AggregatorProcess } from './src/aggregator-process';
import { countRows, sumColumn } from './src/rows';
import { desktopChrome, journeyBody, pageVisitBody } from './src/visits';

const visitors = 12_000;
const pagesPerVisitor = 3;
const steps = ['landing', 'form_started'] as const;
const eventsPerVisitor = pagesPerVisitor + steps.length;
const totalEvents = visitors * eventsPerVisitor;
const kills = 4;
const concurrency = 200;

let database: TestDatabase;
let testBus: TestBus;
let tracking: ReturnType<typeof buildTracking>;
let survivor: AggregatorProcess | undefined;
let killed: AggregatorProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase('faults_aggregators_scale_out');
  testBus = await createTestBus('faults-aggregators-scale-out');
  tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
});

/** Set when the file ends: a stream still being sent (the test failed early) stops before tracking closes. */
let ending = false;

afterAll(async () => {
  ending = true;
  await killed?.kill('SIGKILL');
  await survivor?.kill('SIGKILL');
  await tracking?.close();
  await testBus?.cleanup();
  await database?.drop();
}, 120_000);

/** Event `i` of the stream: visitor i / 5, then 3 page views and 2 steps. */
function request(i: number) {
  const v = Math.floor(i / eventsPerVisitor);
  const k = i % eventsPerVisitor;
  const visitorId = `scale-visitor-${v}`;
  return k < pagesPerVisitor
    ? {
        visitor: v,
        kind: 'page' as const,
        url: '/api/analytics/page-visit',
        payload: pageVisitBody(visitorId, `scale-session-${v}`, `/page-${k}`),
      }
    : {
        visitor: v,
        kind: steps[k - pagesPerVisitor]!,
        url: '/api/journey/track',
        payload: journeyBody(visitorId, steps[k - pagesPerVisitor]!, `scale-session-${v}`),
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
    for (let i = next++; i < totalEvents && !ending; i = next++) {
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

const start = async () =>
  startAggregatorProcess({
    databaseUrl: database.url,
    topicPrefix: testBus.topicPrefix,
    port: await freePort(),
  });

describe('two aggregators in one consumer group, one of them killed with SIGKILL four times during a 60,000-event stream', () => {
  it('counts every 202 exactly once in the raw tables and the aggregates', async () => {
    const started = Date.now();
    survivor = await start();
    const streaming = sendStream();
    const appliedByKilled: number[] = [];
    const sentAtKill: number[] = [];
    for (let k = 0; k < kills; k++) {
      killed = await start();
      const current = killed;
      // Spread over the stream: the k-th kill once (k + 1) fifths of it have been sent.
      await eventually(
        async () => expect(answered).toBeGreaterThanOrEqual(((k + 1) * totalEvents) / (kills + 1)),
        // Generous: on a shared two-core machine the stream alone can take minutes.
        { timeoutMs: 240_000, intervalMs: 100 },
      );
      // It got partitions of its own and applied from them, so the kill lands in the middle of its work —
      // unless the survivor finished everything sent before the rebalance gave it any (then it is killed idle).
      await eventually(async () => expect((await current.status()).eventsApplied).toBeGreaterThan(0), {
        timeoutMs: 60_000,
        intervalMs: 100,
      }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1_200));
      appliedByKilled.push((await current.status().catch(() => ({ eventsApplied: -1 }))).eventsApplied);
      await current.kill('SIGKILL');
      sentAtKill.push(answered);
    }
    const { accepted, statuses } = await streaming;
    const sentIn = Date.now() - started;
    // The killed one comes back for the end of the run, as an orchestrator would restart it.
    killed = await start();

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
      { timeoutMs: 240_000, intervalMs: 500 },
    );
    const survivorApplied = (await survivor.status()).eventsApplied;
    console.log(
      `[aggregators scale-out] ${totalEvents} events sent in ${sentIn} ms (${JSON.stringify(Object.fromEntries(statuses))}); ` +
        `at each SIGKILL: sent ${sentAtKill.join(', ')}, applied by the killed one ${appliedByKilled.join(', ')}; ` +
        `the survivor applied ${survivorApplied}; all ${accepted202} landed ${Date.now() - started} ms after the start`,
    );
    // Only 202 and, were Kafka slow to acknowledge, 503: never a 5xx of another kind.
    expect([...statuses.keys()].filter((s) => s !== 202 && s !== 503)).toEqual([]);
    expect(expected.pages + expected.steps).toBe(accepted202);
    // Both shared the work: the survivor applied events, and so did the killed one before a kill.
    expect(survivorApplied).toBeGreaterThan(0);
    expect(appliedByKilled.some((n) => n > 0)).toBe(true);

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
  }, 900_000);
});
