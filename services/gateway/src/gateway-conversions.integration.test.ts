// Conversions and earnings through the gateway, on real servers: offer clicks with click ids
// go gateway → tracking → Kafka → aggregator → Postgres; the networks' postbacks go gateway → offers →
// Postgres; the operator reads conversions, conversion rate, revenue and EPC back through the gateway from
// the analytics service. Every expected figure is counted by hand from the story below. The offers service
// runs with POSTBACK_MAX_CONVERSIONS_PER_CLICK=1 (each click of the story converts once) and the default
// POSTBACK_MAX_PAYOUT (10,000).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import type {
  AffiliateStatsRow,
  ConversionsByCategoryRow,
  ConversionsByDayRow,
  Overview,
} from '@bodymetrics/contracts';
import { buildApp as buildOffers } from '@bodymetrics/offers';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { pageViewBody, startGatewayPipeline, type GatewayPipeline, type TrackingCall } from './test-support';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const token = 'postback-secret-for-the-integration-test';
const timeZone = 'Europe/Bucharest';

/** The last byte of each visitor's address. */
const visitorAddresses: Record<string, number> = { V1: 11, V2: 12, V3: 13, V4: 14, BOT: 15 };

/** The click ids the pages made: k1–k3 on offer A, k4 on offer B, k5 a bot's click on B. */
const k = { k1: randomUUID(), k2: randomUUID(), k3: randomUUID(), k4: randomUUID(), k5: randomUUID() };

describe('conversions and earnings through the gateway', () => {
  let database: TestDatabase;
  let pipeline: GatewayPipeline;
  let base: string;
  let bearer: string;
  let offerA: { id: number; bmi_category: string; goal: string };
  let offerB: { id: number; bmi_category: string; goal: string };

  const click = (
    path: '/api/affiliate-offers/click' | '/api/analytics/affiliate-click',
    body: Record<string, unknown>,
    ua = chrome,
  ): TrackingCall => ({
    path,
    ua,
    // A visitor is counted by the daily key of their address and browser: each person of the story has
    // their own address, so V1–V4 are four people.
    ip: `203.0.113.${visitorAddresses[String(body.visitorId)]}`,
    body: { storageAllowed: true, ...body },
  });

  /** Each visitor's page view of the day, before their clicks (a click without one is suspicious). */
  const pageView = (visitorId: string): TrackingCall => ({
    path: '/api/analytics/page-visit',
    ua: chrome,
    ip: `203.0.113.${visitorAddresses[visitorId]}`,
    body: pageViewBody(visitorId),
  });

  /** As a network's server calls it: a plain GET, no Origin, no Fetch Metadata, from its own address. */
  const postback = (query: Record<string, string>) =>
    fetch(`${base}/api/postback?${new URLSearchParams(query).toString()}`, {
      headers: { 'x-forwarded-for': '198.51.100.200', 'user-agent': 'NetworkPostback/1.0' },
    });
  const conversion = (clickId: string, transactionId: string, payout: string, currency = 'RON') => ({
    click_id: clickId,
    transaction_id: transactionId,
    payout,
    currency,
    token,
  });

  const storedConversions = async () =>
    Number(
      (
        await database.db
          .selectFrom('offer_conversions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.beforeAll(async ({ database: fileDatabase, bus }) => {
    database = fileDatabase;
    pipeline = await startGatewayPipeline({
      db: database.db,
      bus: bus.bus,
      timeZone,
      groupId: 'conversions',
      postbackToken: token,
      postbackLimits: { maxConversionsPerClick: 1 },
      analytics: { revenueCurrency: 'RON' },
    });
    ({ base, bearer } = pipeline);
    const offers = await database.db
      .selectFrom('affiliate_offers')
      .select(['id', 'bmi_category', 'goal'])
      .where('active', '=', true)
      .orderBy('id')
      .execute();
    offerA = offers[0]!;
    // Another BMI category and goal, so the breakdown has two rows.
    offerB = offers.find((o) => o.bmi_category !== offerA.bmi_category && o.goal !== offerA.goal)!;

    // Offer A: V1 on the bridge (k1), V2 on the bridge (k2), V1 again on the results page (k3): 3 clicks,
    // 2 unique. Offer B: V3 on the results page (k4), a bot (k5, not counted), and V4 from a page cached before
    // click ids (none sent: tracking makes one): 2 clicks, 2 unique.
    const resultsClick = (offerId: number, visitorId: string) => ({
      offerId,
      offerTitle: 'as the page shows it',
      offerUrl: 'https://partner.example.com/offer',
      visitorId,
      ipAddress: null,
    });
    // The visitors' page views are in first, as their pages send them seconds before a click.
    const visitors = ['V1', 'V2', 'V3', 'V4'];
    await pipeline.send(visitors.map(pageView));
    await pipeline.applied(visitors.length);
    await pipeline.send([
      click('/api/affiliate-offers/click', { offerId: offerA.id, visitorId: 'V1', clickId: k.k1 }),
      click('/api/affiliate-offers/click', { offerId: offerA.id, visitorId: 'V2', clickId: k.k2 }),
      click('/api/analytics/affiliate-click', { ...resultsClick(offerA.id, 'V1'), clickId: k.k3 }),
      click('/api/analytics/affiliate-click', { ...resultsClick(offerB.id, 'V3'), clickId: k.k4 }),
      click(
        '/api/affiliate-offers/click',
        { offerId: offerB.id, visitorId: 'BOT', clickId: k.k5 },
        googlebot,
      ),
      click('/api/affiliate-offers/click', { offerId: offerB.id, visitorId: 'V4' }),
    ]);
    await pipeline.applied(visitors.length + 6);
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const read = <T>(path: string): Promise<T> => pipeline.read<T>(path);

  it('stores each click with its click id; a click without one gets one from tracking', async () => {
    const clicks = await database.db
      .selectFrom('affiliate_clicks')
      .select(['click_id', 'visitor_id', 'is_bot'])
      .orderBy('clicked_at')
      .execute();
    expect(clicks).toHaveLength(6);
    expect(clicks.slice(0, 5).map((c) => c.click_id)).toEqual([k.k1, k.k2, k.k3, k.k4, k.k5]);
    const made = clicks[5]!;
    expect(made.visitor_id).toBe('V4');
    expect(made.click_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Object.values(k)).not.toContain(made.click_id);
  });

  it('refuses a postback without the token (401) or with a wrong one (403), whatever else it says', async () => {
    const { token: _dropped, ...noToken } = conversion(k.k1, 'TX-1', '12.50');
    const missing = await postback(noToken);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { details: [{ field: 'token' }] } });
    const wrong = await postback({ ...conversion(k.k1, 'TX-1', '12.50'), token: `${token}x` });
    expect(wrong.status).toBe(403);
    // A bad payout is not even looked at without the secret.
    expect((await postback({ ...conversion(k.k1, 'TX-1', 'lots'), token: 'guess' })).status).toBe(403);
    expect(await storedConversions()).toBe(0);
  });

  it.each([
    ['click_id', conversion(randomUUID(), 'TX-unknown', '5.00'), 400],
    ['click_id', conversion('not-a-uuid', 'TX-bad-id', '5.00'), 400],
    ['payout', conversion(k.k2, 'TX-bad-payout', '-3'), 400],
    ['payout', conversion(k.k2, 'TX-bad-payout', '3,50'), 400],
    // Above POSTBACK_MAX_PAYOUT: well formed, but no sale pays that.
    ['payout', conversion(k.k2, 'TX-huge-payout', '10000.0001'), 400],
    ['payout', conversion(k.k2, 'TX-huge-payout', '9999999999.9999'), 400],
    ['currency', conversion(k.k2, 'TX-euro', '5.00', 'EUR'), 400],
    ['transaction_id', conversion(k.k2, '', '5.00'), 400],
  ])('refuses a bad %s with a 4xx naming it, and stores nothing', async (field, query, status) => {
    const response = await postback(query);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain(field);
    expect(await storedConversions()).toBe(0);
    const daily = await database.db.selectFrom('affiliate_daily_conversions').selectAll().execute();
    expect(daily).toEqual([]);
  });

  it('records conversions; the same transaction twice is one conversion, both answered 200', async () => {
    const first = await postback(conversion(k.k1, 'TX-1', '12.50', 'ron'));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ transactionId: 'TX-1', recorded: true });
    const again = await postback(conversion(k.k1, 'TX-1', '12.50', 'ron'));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ transactionId: 'TX-1', recorded: false });
    // The same transaction id with another payout: refused, the first record stands.
    const changed = await postback(conversion(k.k1, 'TX-1', '99.00'));
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: { message: string } }).error.message).toContain(
      'transaction_id',
    );

    expect((await postback(conversion(k.k3, 'TX-2', '7.25'))).status).toBe(200);
    expect((await postback(conversion(k.k4, 'TX-3', '30'))).status).toBe(200);
    // A bot's click converting: kept as reported, counted nowhere.
    expect((await postback(conversion(k.k5, 'TX-4', '100'))).status).toBe(200);

    const stored = await database.db
      .selectFrom('offer_conversions')
      .select(['transaction_id', 'click_id', 'offer_id', 'payout', 'currency', 'is_bot_click'])
      .orderBy('transaction_id')
      .execute();
    expect(stored).toEqual([
      {
        transaction_id: 'TX-1',
        click_id: k.k1,
        offer_id: offerA.id,
        payout: '12.5000',
        currency: 'RON',
        is_bot_click: false,
      },
      {
        transaction_id: 'TX-2',
        click_id: k.k3,
        offer_id: offerA.id,
        payout: '7.2500',
        currency: 'RON',
        is_bot_click: false,
      },
      {
        transaction_id: 'TX-3',
        click_id: k.k4,
        offer_id: offerB.id,
        payout: '30.0000',
        currency: 'RON',
        is_bot_click: false,
      },
      {
        transaction_id: 'TX-4',
        click_id: k.k5,
        offer_id: offerB.id,
        payout: '100.0000',
        currency: 'RON',
        is_bot_click: true,
      },
    ]);
  });

  it('refuses a conversion past the per-click cap (409 naming click_id) and a payout above the ceiling; the revenue stays', async () => {
    const revenueBefore = (await read<Overview>('/api/analytics/overview?days=7')).revenue;
    const refusals: Array<[Record<string, string>, number, string]> = [
      // k1 converted once (TX-1): a second transaction on it is one more than a click may bring.
      [conversion(k.k1, 'TX-1-upsell', '5.00'), 409, 'click_id'],
      [conversion(k.k2, 'TX-5', '10000.01'), 400, 'payout'],
    ];
    for (const [query, status, field] of refusals) {
      const response = await postback(query);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringContaining(field) as unknown, details: [{ field }] },
      });
    }
    // The transaction already recorded for the full click is still a repeat, answered 200 as before.
    const repeated = await postback(conversion(k.k1, 'TX-1', '12.50'));
    expect(repeated.status).toBe(200);
    expect(await repeated.json()).toEqual({ transactionId: 'TX-1', recorded: false });

    expect(await storedConversions()).toBe(4);
    expect((await read<Overview>('/api/analytics/overview?days=7')).revenue).toBe(revenueBefore);
  });

  it('shows conversions, conversion rate, revenue and EPC per offer, counted by hand', async () => {
    const rows = await read<AffiliateStatsRow[]>('/api/analytics/affiliate-stats?days=7');
    const figures = (id: number) => {
      const row = rows.find((r) => r.offerId === id)!;
      return {
        clickCount: row.clickCount,
        uniqueClicks: row.uniqueClicks,
        conversions: row.conversions,
        conversionRate: row.conversionRate,
        revenue: row.revenue,
        epc: row.epc,
      };
    };
    // A: 2 conversions (TX-1 12.50 + TX-2 7.25 = 19.75) over 3 clicks: 66.7 %, EPC 19.75 / 3 = 6.58.
    expect(figures(offerA.id)).toEqual({
      clickCount: 3,
      uniqueClicks: 2,
      conversions: 2,
      conversionRate: 66.7,
      revenue: 19.75,
      epc: 6.58,
    });
    // B: 1 counted conversion (TX-3 30; the bot's TX-4 is not) over 2 clicks: 50 %, EPC 15.
    expect(figures(offerB.id)).toEqual({
      clickCount: 2,
      uniqueClicks: 2,
      conversions: 1,
      conversionRate: 50,
      revenue: 30,
      epc: 15,
    });
  });

  it('the "Venit" card: the period\'s revenue in REVENUE_CURRENCY', async () => {
    const overview = await read<Overview>('/api/analytics/overview?days=7');
    expect(overview.revenue).toBe(49.75);
    expect(overview.revenueCurrency).toBe('RON');
  });

  it('per day and per BMI category and goal', async () => {
    const today = await read<ConversionsByDayRow[]>('/api/analytics/conversions-by-day?days=7');
    // Today: 5 counted clicks, 3 conversions (60 %), 49.75 revenue, EPC 49.75 / 5 = 9.95.
    expect(today).toEqual([
      {
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown as string,
        clicks: 5,
        conversions: 3,
        conversionRate: 60,
        revenue: 49.75,
        epc: 9.95,
        currency: 'RON',
      },
    ]);
    const byCategory = await read<ConversionsByCategoryRow[]>(
      '/api/analytics/conversions-by-category?days=7',
    );
    expect(byCategory).toEqual([
      {
        bmiCategory: offerB.bmi_category,
        goal: offerB.goal,
        clicks: 2,
        conversions: 1,
        conversionRate: 50,
        revenue: 30,
        epc: 15,
        currency: 'RON',
      },
      {
        bmiCategory: offerA.bmi_category,
        goal: offerA.goal,
        clicks: 3,
        conversions: 2,
        conversionRate: 66.7,
        revenue: 19.75,
        epc: 6.58,
        currency: 'RON',
      },
    ]);
  });

  it('exports the new rows as CSV', async () => {
    const response = await fetch(`${base}/api/analytics/export/conversions-by-category.csv?days=7`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toContain(
      '"bmiCategory","goal","clicks","conversions","conversionRate","revenue","epc","currency"',
    );
    expect(csv).toContain(`"${offerA.bmi_category}","${offerA.goal}","3","2","66.7","19.75","6.58","RON"`);
    const affiliate = await (
      await fetch(`${base}/api/analytics/export/affiliate-stats.csv?days=7`, {
        headers: { authorization: `Bearer ${bearer}` },
      })
    ).text();
    expect(affiliate).toContain('"conversions","conversionRate","revenue","epc"');
  });

  it('without POSTBACK_TOKEN the postback is not offered (404) and records nothing', async () => {
    const off = buildOffers({ db: database.db });
    try {
      const response = await off.inject({
        method: 'GET',
        url: `/api/postback?${new URLSearchParams(conversion(k.k2, 'TX-off', '1.00')).toString()}`,
      });
      expect(response.statusCode).toBe(404);
      expect(await storedConversions()).toBe(4);
    } finally {
      await off.close();
    }
  });
});
