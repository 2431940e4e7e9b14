// Offer clicks end to end (real tracking routes → Kafka → aggregator → Postgres): clicks on unknown or
// inactive offers store nothing; the stored title and URL are the offer's; total and unique clicks per
// offer and day; the spec's counter call moves the offer's own `clicks` and no dashboard figure.
import { afterAll, describe, expect } from 'vitest';
import { sql } from 'kysely';
import { eventually, type TestDatabase } from '@bodymetrics/testing';
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
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const leanShake = { id: 1, title: 'Lean Shake', url: 'https://partner.example.com/lean?ref=bm' };

interface Call {
  url: string;
  body?: Record<string, unknown>;
  ua: string;
  ip: string;
}
const visitorA = { ua: chrome, ip: '198.51.100.10' };
const visitorB = { ua: safari, ip: '203.0.113.20' };
const resultsClick = (offerId: number, visitorId: string): Record<string, unknown> => ({
  offerId,
  // What a tampering client may send: the stored record must not take it.
  offerTitle: '=13+13',
  offerUrl: 'https://attacker.example/phish',
  visitorId,
  ipAddress: null,
  userAgent: chrome,
  referrer: '/',
  storageAllowed: true,
});

/** Every click call for an offer that does not exist (999999) or is not active (2). */
const refused: Call[] = [999999, 2].flatMap((offerId) => [
  { url: '/api/analytics/affiliate-click', body: resultsClick(offerId, 'A'), ...visitorA },
  {
    url: '/api/affiliate-offers/click',
    body: { offerId, visitorId: 'A', storageAllowed: true },
    ...visitorA,
  },
  { url: `/api/affiliate-offers/${offerId}/click`, ...visitorA },
]);

/** Visitor A clicks offer 1 three times on the results page (each click: the record and the counter
 * call, as the page sends them); visitor B once on the bridge page (one call). */
const accepted: Call[] = [
  ...[1, 2, 3].flatMap(() => [
    { url: '/api/analytics/affiliate-click', body: resultsClick(1, 'A'), ...visitorA },
    { url: '/api/affiliate-offers/1/click', ...visitorA },
  ]),
  {
    url: '/api/affiliate-offers/click',
    body: { offerId: 1, visitorId: 'B', storageAllowed: true },
    ...visitorB,
  },
];

let database: TestDatabase;
let tracking: ReturnType<typeof buildTracking>;
let aggregator: Aggregator;

const send = (c: Call) =>
  tracking.inject({
    method: 'POST',
    url: c.url,
    headers: {
      'user-agent': c.ua,
      'x-forwarded-for': c.ip,
      ...(c.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(c.body ? { payload: JSON.stringify(c.body) } : {}),
  });

const countRows = async (table: string, where = sql`true`) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
      database.db,
    )
  ).rows[0]?.n;

const offerCounter = async () =>
  (
    await database.db
      .selectFrom('affiliate_offers')
      .select('clicks')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
  ).clicks;

const dashboardClicks = async () => ({
  raw: await countRows('affiliate_clicks'),
  perOffer: await database.db
    .selectFrom('affiliate_daily_clicks')
    .select(['date', 'offer_id', 'clicks', 'unique_clicks'])
    .execute(),
  today: (
    await database.db
      .selectFrom('daily_visits')
      .select('affiliate_clicks')
      .where('date', '=', today)
      .executeTakeFirstOrThrow()
  ).affiliate_clicks,
});

it.beforeAll(async ({ database: fileDatabase, bus: testBus }) => {
  database = fileDatabase;
  await database.db
    .insertInto('affiliate_offers')
    .values([
      { ...leanShake, description: 'A shake', bmi_category: 'Overweight', goal: 'weight_loss' },
      {
        id: 2,
        title: 'Retired Tea',
        description: 'No longer offered',
        url: 'https://partner.example.com/tea',
        bmi_category: 'Overweight',
        goal: 'weight_loss',
        active: false,
      },
    ])
    .execute();
  tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  aggregator = await startAggregator({
    db: database.db,
    bus: testBus.bus,
    timeZone: tz,
    groupId: 'aggregator-clicks-test',
  });
}, 60_000);

afterAll(async () => {
  await tracking?.close();
  await aggregator?.shutdown();
});

describe('clicks checked against the offers table, counted in total and unique', () => {
  it('refuses every click call on an unknown or inactive offer with a 400 naming the field', async () => {
    for (const c of refused) {
      const response = await send(c);
      expect(response.statusCode, `${c.url} ${response.body}`).toBe(400);
      const field = c.body ? 'offerId' : 'id';
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        `${field}: is not an active offer`,
      );
    }
  });

  it('counts 4 clicks and 2 unique clicks for one visitor clicking three times and another once', async () => {
    for (const c of accepted) expect((await send(c)).statusCode).toBe(202);
    // The pipeline has drained once every accepted event is applied (the refused ones were never published).
    await eventually(async () => expect(aggregator.healthcheck().eventsApplied).toBe(accepted.length), {
      timeoutMs: 30_000,
    });
    expect(await dashboardClicks()).toEqual({
      raw: 4,
      perOffer: [{ date: today, offer_id: 1, clicks: 4, unique_clicks: 2 }],
      today: 4,
    });
    // The offer's counter: three counter calls from the results page plus the bridge click.
    expect(await offerCounter()).toBe(4);
  });

  it('stores nothing for the refused offers', async () => {
    for (const table of [
      'affiliate_clicks',
      'affiliate_daily_clicks',
      'offer_counter_clicks',
      'affiliate_click_visitors',
    ])
      expect(await countRows(table, sql`offer_id in (2, 999999)`), table).toBe(0);
    const retired = await database.db
      .selectFrom('affiliate_offers')
      .select('clicks')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(retired.clicks).toBe(0);
  });

  it("stores the offer's own title and URL, whatever the client sent", async () => {
    const stored = await database.db
      .selectFrom('affiliate_clicks')
      .select(['offer_title', 'offer_url'])
      .distinct()
      .execute();
    expect(stored).toEqual([{ offer_title: leanShake.title, offer_url: leanShake.url }]);
  });

  it("the spec's counter call moves the offer's counter and no dashboard figure", async () => {
    const before = await dashboardClicks();
    for (let i = 0; i < 2; i++)
      expect((await send({ url: '/api/affiliate-offers/1/click', ...visitorB })).statusCode).toBe(202);
    await eventually(async () => expect(aggregator.healthcheck().eventsApplied).toBe(accepted.length + 2), {
      timeoutMs: 30_000,
    });
    expect(await offerCounter()).toBe(6);
    expect(await dashboardClicks()).toEqual(before);
  });
});
