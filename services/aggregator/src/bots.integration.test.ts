// The one bot decision, honoured: a hand-counted day of 2 people and 3 bots (Googlebot,
// HeadlessChrome claiming a desktop Chrome in its click body, and a request with no User-Agent at all),
// each sending one event of every counted kind through the real tracking routes (real HTTP, so the
// headers are exactly these), through real Kafka into real Postgres. Figures count only the people, raw
// clicks carry the bot mark Recent Activity reads, and today's left-out bot events are counted once.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect } from 'vitest';
import { sql } from 'kysely';
import { trackingTopics, type Envelope } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { eventually, funnelDay, readTopic } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { applyBatchToDb, startAggregator, type Aggregator } from './app';

const tz = 'Europe/Bucharest';
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: tz,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
// Two people with the same browser at two addresses: two visitors by the daily visitor key.
const people = [
  { visitorId: 'person-1', ua: chrome, address: '203.0.113.1' },
  { visitorId: 'person-2', ua: chrome, address: '203.0.113.2' },
];
const bots = [
  { visitorId: 'bot-google', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  {
    visitorId: 'bot-headless',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  },
  { visitorId: 'bot-no-agent', ua: undefined },
];

/** One event of every counted kind: a page view, a journey step, a session time, a results and a bridge click. */
const eventsOf = (visitorId: string) => [
  {
    url: '/api/analytics/page-visit',
    body: {
      visitorId,
      sessionId: `s-${visitorId}`,
      pageUrl: 'https://bodymetrics.example/',
      // What the page reports: a headless browser claims to be a desktop Chrome.
      userAgent: chrome,
      deviceType: 'desktop',
      browserName: 'Chrome',
      operatingSystem: 'Windows',
      screenResolution: '1920x1080',
      language: 'ro-RO',
      timeZone: tz,
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
    },
  },
  { url: '/api/journey/track', body: { visitorId, sessionId: `s-${visitorId}`, step: 'landing' } },
  { url: '/api/analytics/session-duration', body: { visitorId, sessionDuration: 60, pageUrl: '/' } },
  {
    url: '/api/analytics/affiliate-click',
    body: {
      offerId: 1,
      offerTitle: 'Lean Shake',
      offerUrl: 'https://partner.example.com/lean',
      visitorId,
      userAgent: chrome,
    },
  },
  { url: '/api/affiliate-offers/click', body: { offerId: 1, visitorId } },
];
const perVisitor = eventsOf('x').length;

let aggregator: Aggregator;

function post(
  port: number,
  url: string,
  body: unknown,
  userAgent: string | undefined,
  address = '203.0.113.9',
): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
          'x-forwarded-for': address,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

it.beforeAll(async ({ database, bus: testBus }) => {
  await database.db
    .insertInto('affiliate_offers')
    .values({
      id: 1,
      title: 'Lean Shake',
      description: 'A shake',
      url: 'https://partner.example.com/lean',
      bmi_category: 'Overweight',
      goal: 'weight_loss',
    })
    .execute();
  const tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  await tracking.listen({ host: '127.0.0.1', port: 0 });
  const { port } = tracking.server.address() as AddressInfo;
  for (const v of [...people, ...bots]) {
    for (const e of eventsOf(v.visitorId))
      expect(
        await post(port, e.url, e.body, v.ua, (v as { address?: string }).address),
        `${v.visitorId} ${e.url}`,
      ).toBe(202);
  }
  await tracking.close();
  aggregator = await startAggregator({
    db: database.db,
    bus: testBus.bus,
    timeZone: tz,
    groupId: 'aggregator-bots-test',
  });
  await eventually(
    async () =>
      expect(aggregator.healthcheck().eventsApplied).toBe((people.length + bots.length) * perVisitor),
    {
      timeoutMs: 30_000,
    },
  );
}, 90_000);

afterAll(() => aggregator?.shutdown());

const botEventsToday = async (db: Db) =>
  (await db.selectFrom('daily_bot_events').select('events').where('date', '=', today).executeTakeFirst())
    ?.events;

describe('the aggregator honours the bot decision made at tracking', () => {
  it('counts only the people in every figure', async ({ database }) => {
    const daily = await database.db
      .selectFrom('daily_visits')
      .selectAll()
      .where('date', '=', today)
      .executeTakeFirstOrThrow();
    expect(daily).toMatchObject({
      unique_visitors: 2,
      total_page_views: 2,
      sessions: 2,
      session_time_total: '120',
      session_time_count: 2,
      affiliate_clicks: 4,
    });
    const funnel = await funnelDay(database.db, today);
    expect(funnel.landing_visitors).toBe(2);
    const clicks = await database.db
      .selectFrom('affiliate_daily_clicks')
      .select(['offer_id', 'clicks'])
      .execute();
    expect(clicks).toEqual([{ offer_id: 1, clicks: 4 }]);
    const offer = await database.db
      .selectFrom('affiliate_offers')
      .select('clicks')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    // The offer's own counter moves for the bridge clicks (the results page's counter call is not sent here).
    expect(offer.clicks).toBe(2);
    const visitors = await database.db
      .selectFrom('session_metrics')
      .select('visitor_id')
      .orderBy('visitor_id')
      .execute();
    expect(visitors.map((v) => v.visitor_id)).toEqual(['person-1', 'person-2']);
  });

  it('keeps every raw click, each bot click marked so Recent Activity leaves it out', async ({
    database,
  }) => {
    const raw = await database.db
      .selectFrom('affiliate_clicks')
      .select(['visitor_id', 'is_bot'])
      .orderBy('visitor_id')
      .orderBy('source')
      .execute();
    expect(raw).toHaveLength(10);
    for (const r of raw)
      expect(r.is_bot, r.visitor_id ?? '').toBe(!String(r.visitor_id).startsWith('person-'));
  });

  it("counts today's left-out bot events (3 bots × 5 events), and a replay never counts them again", async ({
    database,
    bus: testBus,
  }) => {
    expect(await botEventsToday(database.db)).toBe(bots.length * perVisitor);
    let replayed = 0;
    for (const topic of trackingTopics) {
      const envelopes = await readTopic(testBus.topicPrefix, topic, {
        expect: 2 * (people.length + bots.length),
        timeoutMs: 2000,
      });
      if (envelopes.length) {
        await database.db
          .transaction()
          .execute((trx) => applyBatchToDb(trx, { topic, events: envelopes as Envelope<unknown>[] }, tz));
        replayed += envelopes.length;
      }
    }
    // The replay really applied every event of the day again (the bots' among them), or the figures below
    // would hold without one.
    expect(replayed).toBe((people.length + bots.length) * perVisitor);
    expect(await botEventsToday(database.db)).toBe(bots.length * perVisitor);
    const daily = await sql<{
      n: number;
    }>`select unique_visitors as n from daily_visits where date = ${today}`.execute(database.db);
    expect(daily.rows[0]?.n).toBe(2);
  });
});
