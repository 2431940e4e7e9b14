// Exactly once from the browser, end to end (real tracking routes → Kafka → aggregator →
// Postgres): the same call sent three times — answered 503 although Kafka had taken the write, retried (202),
// and sent once more as a duplicate beacon — is counted once, because the call's eventId is the event's id.
// Three copies sent at the same moment (one batch) are counted once too; calls without an eventId get a
// server-made id each and are counted each time, as before.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { BusUnavailableError, type Bus } from '@bodymetrics/bus';
import type { TopicDefinition } from '@bodymetrics/contracts';
import { eventually, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { startAggregator, type Aggregator } from './app';

const tz = 'Europe/Bucharest';
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: tz,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const offer = { id: 1, title: 'Lean Shake', url: 'https://partner.example.com/lean?ref=bm' };

/**
 * Kafka took the write, and its acknowledgement came after the deadline: the write is on the topic, the
 * caller is told 503. (The real race needs a broker slow at the right millisecond; this is its outcome.)
 */
function lateAcknowledging(bus: Bus): Bus {
  return {
    ensureTopics: (t) => bus.ensureTopics(t),
    publish: async <P>(topic: TopicDefinition, payload: P, options?: { id?: string }) => {
      await bus.publish(topic, payload, options);
      throw new BusUnavailableError('Kafka did not acknowledge the write within 1000 ms');
    },
    consume: (o) => bus.consume(o),
    publishRaw: (t, k, v) => bus.publishRaw(t, k, v),
    readDeadLetters: (t, o) => bus.readDeadLetters(t, o),
    drain: (ms) => bus.drain(ms),
    close: () => Promise.resolve(),
  };
}

const visit = (visitorId: string, eventId?: string) => ({
  visitorId,
  sessionId: `s-${visitorId}`,
  pageUrl: 'https://bodymetrics.example/',
  userAgent: chrome,
  referrer: null,
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Windows',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: tz,
  isReturningVisitor: 0,
  trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
  storageAllowed: true,
  ...(eventId ? { eventId } : {}),
});
const duration = (visitorId: string, eventId: string) => ({
  visitorId,
  sessionId: `s-${visitorId}`,
  sessionDuration: 60,
  pageUrl: '/',
  eventId,
});
const resultsClick = (visitorId: string, eventId: string) => ({
  offerId: offer.id,
  offerTitle: offer.title,
  offerUrl: offer.url,
  visitorId,
  sessionId: `s-${visitorId}`,
  ipAddress: null,
  userAgent: chrome,
  referrer: '/',
  storageAllowed: true,
  eventId,
});
const bridgeClick = (visitorId: string, eventId: string) => ({
  offerId: offer.id,
  visitorId,
  sessionId: `s-${visitorId}`,
  storageAllowed: true,
  eventId,
});

let database: TestDatabase;
let testBus: TestBus;
let tracking: ReturnType<typeof buildTracking>;
/** Tracking whose every write lands on Kafka and is answered 503. */
let trackingLate: ReturnType<typeof buildTracking>;
let aggregator: Aggregator;

type App = ReturnType<typeof buildTracking>;
const addressOf = (body: object) =>
  `198.51.100.${10 + ['R', 'S', 'T'].indexOf((body as { visitorId?: string }).visitorId ?? 'R')}`;
/** A call as the page sends it: JSON, or (beacon) the same JSON as text/plain. */
const send = (app: App, url: string, body: object, { beacon = false } = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      'user-agent': chrome,
      // Each visitor (R, S, T) its own network: visitors are counted by network and browser.
      'x-forwarded-for': addressOf(body),
      'content-type': beacon ? 'text/plain;charset=UTF-8' : 'application/json',
    },
    payload: JSON.stringify(body),
  });

/** Events written to Kafka: what the aggregator must have consumed before the figures are read. */
let published = 0;
const allApplied = () =>
  eventually(async () => expect(aggregator.healthcheck().eventsApplied).toBe(published), {
    timeoutMs: 30_000,
  });

/**
 * The same call three ways: 503 with the write taken, the tracker's retry, a duplicate beacon. Each copy is
 * applied before the next is sent (a retry comes a second later), so each meets the others' raw row.
 */
async function sendThrice(url: string, body: object, { beacon }: { beacon: boolean }): Promise<number[]> {
  const statuses: number[] = [];
  for (const [app, asBeacon] of [
    [trackingLate, false],
    [tracking, false],
    [tracking, beacon],
  ] as const) {
    statuses.push((await send(app, url, body, { beacon: asBeacon })).statusCode);
    published += 1;
    await allApplied();
  }
  return statuses;
}

it.beforeAll(async ({ database: fileDatabase, bus }) => {
  database = fileDatabase;
  testBus = bus;
  await database.db
    .insertInto('affiliate_offers')
    .values({ ...offer, description: 'A shake', bmi_category: 'Overweight', goal: 'weight_loss' })
    .execute();
  tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  trackingLate = buildTracking({
    bus: lateAcknowledging(testBus.bus),
    ipStorage: 'truncated',
    db: database.db,
  });
  aggregator = await startAggregator({
    db: database.db,
    bus: testBus.bus,
    timeZone: tz,
    groupId: 'aggregator-client-retries-test',
  });
  return async () => {
    await tracking.close();
    await trackingLate.close();
    await aggregator.shutdown();
  };
}, 60_000);

const countRows = async (table: string, visitorId: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where visitor_id = ${visitorId}`.execute(
      database.db,
    )
  ).rows[0]?.n;

describe('a call sent more than once with one eventId is counted once', () => {
  it('answers the late-acknowledged write 503, then the retry and the duplicate beacon 202', async () => {
    // Visitor R: a page view, its session-duration beacon and a results-page click, each sent three times.
    expect(await sendThrice('/api/analytics/page-visit', visit('R', randomUUID()), { beacon: true })).toEqual(
      [503, 202, 202],
    );
    expect(
      await sendThrice('/api/analytics/session-duration', duration('R', randomUUID()), { beacon: true }),
    ).toEqual([503, 202, 202]);
    expect(
      await sendThrice('/api/analytics/affiliate-click', resultsClick('R', randomUUID()), { beacon: false }),
    ).toEqual([503, 202, 202]);
  });

  it('takes three copies sent at once (one batch): a page view and a bridge click of visitor S', async () => {
    // Nothing else in flight, so the six arrive together: the same id three times in one batch.
    const view = visit('S', randomUUID());
    const click = bridgeClick('S', randomUUID());
    const responses = await Promise.all([
      ...[0, 1, 2].map(() => send(tracking, '/api/analytics/page-visit', view)),
      ...[0, 1, 2].map(() => send(tracking, '/api/affiliate-offers/click', click)),
    ]);
    published += responses.filter((r) => r.statusCode === 202).length;
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    // Each 202 names the event: the call's own id, every time.
    expect(new Set(responses.slice(0, 3).map((r) => r.json<{ id: string }>().id))).toEqual(
      new Set([view.eventId]),
    );
  });

  it('counts a call without an eventId each time it comes, as before (visitor T: two views)', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await send(tracking, '/api/analytics/page-visit', visit('T'))).statusCode).toBe(202);
      published += 1;
    }
  });

  it('stores one raw row per eventId', async () => {
    await allApplied();
    expect(await countRows('page_visits', 'R')).toBe(1);
    expect(await countRows('session_durations', 'R')).toBe(1);
    expect(await countRows('affiliate_clicks', 'R')).toBe(1);
    expect(await countRows('page_visits', 'S')).toBe(1);
    expect(await countRows('affiliate_clicks', 'S')).toBe(1);
    expect(await countRows('page_visits', 'T')).toBe(2);
  });

  it('moves every aggregate once per eventId (hand-counted)', async () => {
    const daily = await database.db
      .selectFrom('daily_visits')
      .select([
        'unique_visitors',
        'total_page_views',
        'sessions',
        'affiliate_clicks',
        'session_time_total',
        'session_time_count',
      ])
      .where('date', '=', today)
      .executeTakeFirstOrThrow();
    expect(daily).toEqual({
      unique_visitors: 3,
      // R 1, S 1, T 2.
      total_page_views: 4,
      sessions: 3,
      affiliate_clicks: 2,
      session_time_total: '60',
      session_time_count: 1,
    });
    const perOffer = await database.db
      .selectFrom('affiliate_daily_clicks')
      .select(['offer_id', 'clicks', 'unique_clicks'])
      .execute();
    expect(perOffer).toEqual([{ offer_id: 1, clicks: 2, unique_clicks: 2 }]);
    // The offer's own counter: the bridge click moves it; the results record does not (its body-less companion would).
    const counter = await database.db
      .selectFrom('affiliate_offers')
      .select('clicks')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(counter.clicks).toBe(1);
    const sessions = await database.db
      .selectFrom('visitor_sessions')
      .select(['visitor_id', 'page_views', 'offer_clicks', 'seconds'])
      .orderBy('visitor_id')
      .execute();
    expect(sessions).toEqual([
      { visitor_id: 'R', page_views: 1, offer_clicks: 1, seconds: 60 },
      { visitor_id: 'S', page_views: 1, offer_clicks: 1, seconds: 0 },
      { visitor_id: 'T', page_views: 2, offer_clicks: 0, seconds: 0 },
    ]);
  });
});
