// What the aggregator kill tests share: a test database and topics of their own, and a stream of visitors'
// events sent to the tracking service on them while aggregator processes are killed; the figures the stream must leave (worked out from the requests that
// got a 202, visitor by visitor), and the check that every such event is in the raw tables once and
// counted once in the aggregates.
//
// Each visitor sends 3 page views in one session and 2 journey steps (landing, form_started). With every
// request answered 202, per visitor: 3 page_visits rows and 2 user_journey rows; in daily_visits 3 page
// views, 1 session, no bounce (3 views), 1 unique visitor (when the run does not straddle midnight); in
// conversion_funnel 1 landing and 1 form started; in session_metrics 1 row with 3 page views and 1 visit.
import { expect } from 'vitest';
import type { Db } from '@bodymetrics/db';
import {
  createTestBus,
  createTestDatabase,
  eventually,
  funnelDays,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { countRows, sumColumn } from './rows';
import { desktopChrome, journeyBody, pageVisitBody, visitorAddress } from './visits';

const pagesPerVisitor = 3;
const steps = ['landing', 'form_started'] as const;
const eventsPerVisitor = pagesPerVisitor + steps.length;

/** What one visitor got accepted (answered 202). */
export interface Accepted {
  pages: number;
  landing: number;
  form_started: number;
}

export interface StreamOutcome {
  /** Per visitor, in the stream's order. */
  accepted: Accepted[];
  /** How many requests got each status. */
  statuses: Map<number, number>;
}

export interface VisitorStream {
  totalEvents: number;
  /** How many requests of the stream have been answered so far. */
  answered(): number;
  /** Waits until at least this many requests of the stream have been answered. */
  reached(requests: number, timeoutMs: number): Promise<void>;
  /** Resolves once every request was sent and answered (or, after stop(), the ones in flight). */
  done: Promise<StreamOutcome>;
  /** Sends no more: a stream still going when its test failed stops before tracking closes. */
  stop(): void;
}

export interface StreamOptions {
  visitors: number;
  /** Names the visitors and sessions: `<label>-visitor-<n>`, `<label>-session-<n>`. */
  label: string;
  /** How many requests are in flight at once. */
  concurrency: number;
}

export interface StreamTarget {
  database: TestDatabase;
  testBus: TestBus;
  /** Starts sending a stream to the tracking app; close() stops it. */
  streamVisitors(options: StreamOptions): VisitorStream;
  /** Stops any stream, closes tracking, deletes the topics and drops the database. */
  close(): Promise<void>;
}

/**
 * A test database (`faults_<name>`) and topics (`faults-<name>`) of the file's own, and the tracking app
 * on them, which takes the stream in process (no HTTP in between).
 */
export async function startStreamTarget(name: string): Promise<StreamTarget> {
  const database = await createTestDatabase(`faults_${name.replaceAll('-', '_')}`);
  const testBus = await createTestBus(`faults-${name}`);
  const tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  const streams: VisitorStream[] = [];
  return {
    database,
    testBus,
    streamVisitors(options) {
      const stream = streamVisitors(tracking, options);
      streams.push(stream);
      return stream;
    },
    async close() {
      for (const stream of streams) stream.stop();
      await tracking.close();
      await testBus.cleanup();
      await database.drop();
    },
  };
}

/**
 * Starts sending the stream straight to the tracking app, `concurrency` requests at a time, each sender
 * sending its next as soon as the last was answered.
 */
function streamVisitors(
  tracking: ReturnType<typeof buildTracking>,
  { visitors, label, concurrency }: StreamOptions,
): VisitorStream {
  const totalEvents = visitors * eventsPerVisitor;
  /** Event `i` of the stream: visitor i / 5, then 3 page views and 2 steps. */
  const request = (i: number) => {
    const v = Math.floor(i / eventsPerVisitor);
    const k = i % eventsPerVisitor;
    const visitorId = `${label}-visitor-${v}`;
    return k < pagesPerVisitor
      ? {
          visitor: v,
          kind: 'page' as const,
          url: '/api/analytics/page-visit',
          payload: pageVisitBody(visitorId, `${label}-session-${v}`, `/page-${k}`),
        }
      : {
          visitor: v,
          kind: steps[k - pagesPerVisitor]!,
          url: '/api/journey/track',
          payload: journeyBody(visitorId, steps[k - pagesPerVisitor]!, `${label}-session-${v}`),
        };
  };

  let answered = 0;
  let stopped = false;
  const accepted: Accepted[] = Array.from({ length: visitors }, () => ({
    pages: 0,
    landing: 0,
    form_started: 0,
  }));
  const statuses = new Map<number, number>();
  let next = 0;
  const sender = async () => {
    for (let i = next++; i < totalEvents && !stopped; i = next++) {
      const r = request(i);
      const res = await tracking.inject({
        method: 'POST',
        url: r.url,
        headers: { 'user-agent': desktopChrome },
        // Each visitor from an address of its own: visitors are counted by network and browser.
        remoteAddress: visitorAddress(r.visitor),
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
  const done = Promise.all(Array.from({ length: concurrency }, sender)).then(() => ({ accepted, statuses }));

  return {
    totalEvents,
    answered: () => answered,
    reached: (requests, timeoutMs) =>
      eventually(async () => expect(answered).toBeGreaterThanOrEqual(requests), {
        timeoutMs,
        intervalMs: 100,
      }),
    done,
    stop: () => {
      stopped = true;
    },
  };
}

export type ExpectedFigures = ReturnType<typeof expectedFigures>;

/** The raw rows and aggregates the accepted requests must leave, whichever requests were refused. */
export function expectedFigures(accepted: Accepted[]) {
  return {
    pages: accepted.reduce((s, a) => s + a.pages, 0),
    steps: accepted.reduce((s, a) => s + a.landing + a.form_started, 0),
    sessions: accepted.filter((a) => a.pages > 0).length,
    bounced: accepted.filter((a) => a.pages === 1).length,
    landing: accepted.reduce((s, a) => s + a.landing, 0),
    formStarted: accepted.reduce((s, a) => s + a.form_started, 0),
    visitorsSeen: accepted.filter((a) => a.pages + a.landing + a.form_started > 0).length,
  };
}

/** Waits until the raw tables hold every accepted event (the last aggregator catching up). */
export async function rawRowsLanded(db: Db, expected: ExpectedFigures, timeoutMs: number): Promise<void> {
  await eventually(
    async () => {
      expect(await countRows(db, 'page_visits')).toBe(expected.pages);
      expect(await countRows(db, 'user_journey')).toBe(expected.steps);
    },
    { timeoutMs, intervalMs: 500 },
  );
}

/** Tracking answered only 202 or 503, and the figures count exactly the 202s. */
export function expectOnlyAcceptedOrUnavailable({ statuses }: StreamOutcome, expected: ExpectedFigures) {
  // Only 202 and, were Kafka slow to acknowledge, 503: never a 5xx of another kind.
  expect([...statuses.keys()].filter((s) => s !== 202 && s !== 503)).toEqual([]);
  expect(expected.pages + expected.steps).toBe(statuses.get(202) ?? 0);
}

/** Every aggregate counts each accepted event once: daily visits, the funnel, the per-visitor metrics. */
export async function expectCountedOnce(db: Db, expected: ExpectedFigures): Promise<void> {
  const daily = await db
    .selectFrom('daily_visits')
    .select(['unique_visitors', 'total_page_views', 'sessions', 'bounced_sessions'])
    .execute();
  const sum = (k: keyof (typeof daily)[number]) => daily.reduce((s, r) => s + Number(r[k]), 0);
  expect(sum('total_page_views')).toBe(expected.pages);
  expect(sum('sessions')).toBe(expected.sessions);
  expect(sum('bounced_sessions')).toBe(expected.bounced);
  if (daily.length === 1) expect(sum('unique_visitors')).toBe(expected.sessions);
  const funnel = await funnelDays(db);
  expect(funnel.reduce((n, day) => n + day.landing_visitors, 0)).toBe(expected.landing);
  expect(funnel.reduce((n, day) => n + day.form_started, 0)).toBe(expected.formStarted);
  expect(await countRows(db, 'session_metrics')).toBe(expected.visitorsSeen);
  expect(await sumColumn(db, 'session_metrics', 'total_page_views')).toBe(expected.pages);
  expect(await sumColumn(db, 'session_metrics', 'total_visits')).toBe(expected.sessions);
}
