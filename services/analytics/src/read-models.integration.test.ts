// Each dashboard read against aggregate rows seeded by hand, with the expected figures written out.
// Dates: today (D0), yesterday (D1), 6 days ago (D6, last day of a 7-day period), 7 days ago (D7, first
// day outside it), 40 days ago (D40, only in 90) and 90 days ago (D90, outside every period).
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { parse as parseCsv } from 'csv-parse/sync';
import { funnelRows, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { dateDaysAgo, seedAdminSession } from './test-support';

const timeZone = 'Europe/Bucharest';
let testDb: TestDatabase;
let app: ReturnType<typeof buildApp>;
let cookie: string;
const d: Record<'D0' | 'D1' | 'D6' | 'D7' | 'D40' | 'D90', string> = {
  D0: '',
  D1: '',
  D6: '',
  D7: '',
  D40: '',
  D90: '',
};
const visitIds: Record<string, number> = {};
const funnelIds: Record<string, number> = {};

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

it.beforeAll(async ({ database }) => {
  testDb = database;
  const db = testDb.db;
  app = buildApp({ db, timeZone });
  ({ cookie } = await seedAdminSession(db));
  for (const [key, n] of [
    ['D0', 0],
    ['D1', 1],
    ['D6', 6],
    ['D7', 7],
    ['D40', 40],
    ['D90', 90],
  ] as const) {
    d[key] = await dateDaysAgo(db, timeZone, n);
  }

  const visits = [
    // date, unique, page views, mobile, sessions (visits), bounced, seconds of the visits, clicks
    [d.D0, 120, 300, 45, 150, 60, 9050, 9],
    [d.D1, 100, 250, 50, 110, 11, 5000, 4],
    [d.D6, 50, 80, 10, 60, 30, 100, 1],
    [d.D7, 70, 90, 20, 80, 40, 200, 2],
    [d.D40, 30, 40, 5, 35, 5, 300, 3],
    [d.D90, 999, 999, 999, 999, 999, 999, 999],
  ] as const;
  for (const [date, uv, pv, mobile, sessions, bounced, seconds, clicks] of visits) {
    const { id } = await db
      .insertInto('daily_visits')
      .values({
        date,
        unique_visitors: uv,
        total_page_views: pv,
        mobile_visitors: mobile,
        sessions,
        bounced_sessions: bounced,
        // The db type nests Generated<ColumnType> for this bigint, which hides its insert type; a raw value passes.
        visit_seconds: sql`${seconds}`,
        // Per-beacon totals: no figure reads them (avg session time is over visits), so they must not matter.
        session_time_total: sql`${1}`,
        session_time_count: 1,
        affiliate_clicks: clicks,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    visitIds[date] = id;
  }

  await db
    .insertInto('affiliate_offers')
    .values([
      {
        id: 1,
        title: 'Keto Plan',
        description: 'x',
        url: 'https://offers.example/keto',
        bmi_category: 'Overweight',
        goal: 'weight_loss',
      },
      {
        id: 2,
        title: 'Protein Shake',
        description: 'x',
        url: 'https://offers.example/protein',
        bmi_category: 'Normal',
        goal: 'muscle_gain',
      },
      {
        id: 3,
        title: '=HYPERLINK("https://evil.example","Click")',
        description: 'x',
        url: 'https://offers.example/c',
        bmi_category: 'Normal',
        goal: 'wellness',
      },
      {
        id: 4,
        title: 'Never Clicked',
        description: 'x',
        url: 'https://offers.example/d',
        bmi_category: 'Obese',
        goal: 'wellness',
      },
    ])
    .execute();
  const at = (date: string, time: string) => `${date}T${time}Z`;
  await db
    .insertInto('affiliate_daily_clicks')
    .values([
      // bridge + results clicks = clicks (the page each was made on).
      {
        date: d.D0,
        offer_id: 1,
        clicks: 5,
        unique_clicks: 4,
        bridge_clicks: 3,
        results_clicks: 2,
        last_clicked_at: at(d.D0, '09:00:00'),
      },
      {
        date: d.D0,
        offer_id: 2,
        clicks: 2,
        unique_clicks: 2,
        bridge_clicks: 0,
        results_clicks: 2,
        last_clicked_at: at(d.D0, '08:00:00'),
      },
      {
        date: d.D1,
        offer_id: 1,
        clicks: 3,
        unique_clicks: 2,
        bridge_clicks: 3,
        results_clicks: 0,
        last_clicked_at: at(d.D1, '15:00:00'),
      },
      {
        date: d.D1,
        offer_id: 2,
        clicks: 7,
        unique_clicks: 5,
        bridge_clicks: 4,
        results_clicks: 3,
        last_clicked_at: at(d.D1, '16:00:00'),
      },
      {
        date: d.D7,
        offer_id: 2,
        clicks: 10,
        unique_clicks: 6,
        bridge_clicks: 10,
        results_clicks: 0,
        last_clicked_at: at(d.D7, '10:00:00'),
      },
      {
        date: d.D7,
        offer_id: 3,
        clicks: 1,
        unique_clicks: 1,
        bridge_clicks: 0,
        results_clicks: 1,
        last_clicked_at: at(d.D7, '11:00:00'),
      },
      {
        date: d.D40,
        offer_id: 1,
        clicks: 20,
        unique_clicks: 15,
        bridge_clicks: 0,
        results_clicks: 20,
        last_clicked_at: at(d.D40, '12:00:00'),
      },
      {
        date: d.D90,
        offer_id: 3,
        clicks: 100,
        unique_clicks: 50,
        bridge_clicks: 100,
        results_clicks: 0,
        last_clicked_at: at(d.D90, '12:00:00'),
      },
    ])
    .execute();
  // Impressions: Keto on both pages (D6 is the 7-day period's first day, D7 the first day outside it);
  // "Never Clicked" shown on the results page only; D90 is outside every period.
  await db
    .insertInto('offer_daily_impressions')
    .values([
      { date: d.D0, offer_id: 1, placement: 'bridge', impressions: 10 },
      { date: d.D0, offer_id: 1, placement: 'results', impressions: 4 },
      { date: d.D6, offer_id: 1, placement: 'bridge', impressions: 6 },
      { date: d.D7, offer_id: 1, placement: 'bridge', impressions: 100 },
      { date: d.D1, offer_id: 4, placement: 'results', impressions: 5 },
      { date: d.D90, offer_id: 4, placement: 'bridge', impressions: 1000 },
    ])
    .execute();

  await db
    .insertInto('affiliate_clicks')
    .values(
      [
        [
          '0190f000-0000-7000-8000-000000000001',
          1,
          'Keto Plan',
          'visitor-aaaaaaaa1',
          '203.0.113.0',
          '2026-01-01T10:00:00Z',
        ],
        [
          '0190f000-0000-7000-8000-000000000002',
          2,
          'Protein Shake',
          'visitor-bbbbbbbb2',
          null,
          '2026-01-01T10:05:00Z',
        ],
        [
          '0190f000-0000-7000-8000-000000000003',
          1,
          'Keto Plan',
          'visitor-cccccccc3',
          '198.51.100.0',
          '2026-01-01T10:10:00Z',
        ],
      ].map(([event_id, offer_id, offer_title, visitor_id, ip_address, clicked_at]) => ({
        event_id: event_id as string,
        offer_id: offer_id as number,
        offer_title: offer_title as string,
        offer_url: 'https://offers.example',
        visitor_id: visitor_id as string,
        ip_address: ip_address as string | null,
        source: 'results',
        clicked_at: clicked_at as string,
        click_date: '2026-01-01',
      })),
    )
    .execute();

  await db
    .insertInto('daily_traffic')
    .values([
      {
        date: d.D0,
        source: 'google',
        medium: 'organic',
        referrer_domain: 'google.com',
        visitors: 10,
        converted: 1,
      },
      { date: d.D0, source: 'direct', medium: 'none', referrer_domain: '', visitors: 4, converted: 0 },
      {
        date: d.D1,
        source: 'google',
        medium: 'organic',
        referrer_domain: 'google.com',
        visitors: 5,
        converted: 2,
      },
      {
        date: d.D1,
        source: 'facebook',
        medium: 'social',
        referrer_domain: 'facebook.com',
        visitors: 8,
        converted: 3,
      },
      {
        date: d.D7,
        source: 'facebook',
        medium: 'social',
        referrer_domain: 'facebook.com',
        visitors: 12,
        converted: 0,
      },
      { date: d.D40, source: 'direct', medium: 'none', referrer_domain: '', visitors: 50, converted: 5 },
      {
        date: d.D90,
        source: 'bing',
        medium: 'organic',
        referrer_domain: 'bing.com',
        visitors: 500,
        converted: 50,
      },
    ])
    .execute();

  await db
    .insertInto('daily_devices')
    .values([
      {
        date: d.D0,
        device_type: 'mobile',
        browser_name: 'Chrome',
        operating_system: 'Android',
        visitors: 30,
      },
      {
        date: d.D0,
        device_type: 'desktop',
        browser_name: 'Firefox',
        operating_system: 'Windows',
        visitors: 10,
      },
      {
        date: d.D1,
        device_type: 'mobile',
        browser_name: 'Chrome',
        operating_system: 'Android',
        visitors: 20,
      },
      { date: d.D1, device_type: 'desktop', browser_name: 'Safari', operating_system: 'macOS', visitors: 15 },
      { date: d.D7, device_type: 'desktop', browser_name: 'Safari', operating_system: 'macOS', visitors: 40 },
      { date: d.D40, device_type: 'tablet', browser_name: 'Safari', operating_system: 'iOS', visitors: 100 },
      {
        date: d.D90,
        device_type: 'tablet',
        browser_name: 'Edge',
        operating_system: 'Windows',
        visitors: 900,
      },
    ])
    .execute();

  await db
    .insertInto('daily_geo')
    .values([
      { date: d.D0, time_zone: 'Europe/Bucharest', language: 'ro-RO', visitors: 40 },
      { date: d.D0, time_zone: 'Europe/London', language: 'en-GB', visitors: 5 },
      { date: d.D1, time_zone: 'Europe/Bucharest', language: 'ro-RO', visitors: 30 },
      { date: d.D40, time_zone: 'America/New_York', language: 'en-US', visitors: 80 },
      { date: d.D90, time_zone: 'Asia/Tokyo', language: 'ja-JP', visitors: 700 },
    ])
    .execute();

  const funnel = [
    // date, landing, started, completed, results, bridge, bridge clicks, bridge→results, email, report
    [d.D0, 100, 60, 40, 45, 38, 5, 30, 10, 8],
    [d.D1, 80, 50, 30, 32, 30, 4, 28, 6, 6],
    [d.D7, 20, 10, 5, 5, 5, 1, 4, 2, 1],
    [d.D40, 200, 100, 50, 45, 45, 9, 40, 20, 15],
    [d.D90, 1000, 900, 800, 700, 600, 500, 400, 300, 200],
  ] as const;
  for (const [
    date,
    landing,
    started,
    completed,
    results,
    bridge,
    bridgeClicks,
    bridgeFull,
    email,
    report,
  ] of funnel) {
    await db
      .insertInto('conversion_funnel')
      .values(
        funnelRows(date, {
          landing_visitors: landing,
          form_started: started,
          form_completed: completed,
          results_viewed: results,
          bridge_viewed: bridge,
          bridge_affiliate_clicks: bridgeClicks,
          bridge_to_full_results: bridgeFull,
          email_provided: email,
          report_sent: report,
        }),
      )
      .execute();
    // A funnel row's id is its day as a number.
    funnelIds[date] = Number(date.replaceAll('-', ''));
  }
  return () => app.close();
});

describe('overview', () => {
  it("shows today's figures, all-time clicks and the 30-day top source", async () => {
    expect(await get('/api/analytics/overview')).toEqual({
      todayVisitors: 120,
      todayPageViews: 300,
      avgSessionTime: 60, // seconds of today's visits / visits: 9050 / 150 = 60.33
      bounceRate: 40, // 60 / 150
      mobilePercentage: 38, // 45 / 120 = 37.5
      returningPercentage: 0,
      // The period's clicks' table and rule for the one day (affiliate_daily_clicks of D0: 5 + 2).
      todayClicks: 7,
      totalClicks: 148, // 5 + 2 + 3 + 7 + 10 + 1 + 20 + 100
      topTrafficSource: 'facebook', // 30 days: facebook 20, google 15, direct 4
      // Today's first-touch visitors who clicked an offer ÷ them (daily_traffic of D0): 1 / (10 + 4) = 7.1.
      conversionRate: 7,
      botEventsExcludedToday: 0, // no bot event was left out in this seed
      revenue: 0, // no conversion in this seed
      revenueCurrency: 'RON',
      // The default period, the last 30 days (D0, D1, D6, D7): the same figures over their rows.
      period: {
        from: await dateDaysAgo(testDb.db, timeZone, 29),
        to: d.D0,
        visitors: 340, // 120 + 100 + 50 + 70
        pageViews: 720, // 300 + 250 + 80 + 90
        avgSessionTime: 36, // (9050 + 5000 + 100 + 200) / (150 + 110 + 60 + 80) = 35.9
        bounceRate: 35, // (60 + 11 + 30 + 40) / 400 = 35.25
        mobilePercentage: 37, // (45 + 50 + 10 + 20) / 340 = 36.8
        returningPercentage: 0,
        clicks: 28, // 5 + 2 + 3 + 7 + 10 + 1 (affiliate_daily_clicks of D0, D1, D7)
        conversionRate: 15, // (1 + 0 + 2 + 3 + 0) / (10 + 4 + 5 + 8 + 12) = 15.4 (daily_traffic of D0, D1, D7)
        topTrafficSource: 'facebook',
        revenue: 0,
      },
    });
  });
});

describe('daily-stats', () => {
  const row = (key: keyof typeof d, uniqueVisitors: number, totalPageViews: number) => ({
    id: visitIds[d[key]],
    date: d[key],
    uniqueVisitors,
    totalPageViews,
  });

  it('days=7: today back to 6 days ago, newest first', async () => {
    expect(await get('/api/analytics/daily-stats?days=7')).toEqual([
      row('D0', 120, 300),
      row('D1', 100, 250),
      row('D6', 50, 80),
    ]);
  });
  it('days=30 (also the default)', async () => {
    const expected = [row('D0', 120, 300), row('D1', 100, 250), row('D6', 50, 80), row('D7', 70, 90)];
    expect(await get('/api/analytics/daily-stats?days=30')).toEqual(expected);
    expect(await get('/api/analytics/daily-stats')).toEqual(expected);
  });
  it('days=90 leaves out the day 90 days ago', async () => {
    expect(await get('/api/analytics/daily-stats?days=90')).toEqual([
      row('D0', 120, 300),
      row('D1', 100, 250),
      row('D6', 50, 80),
      row('D7', 70, 90),
      row('D40', 30, 40),
    ]);
  });
  it.each(['5', '0', 'abc', '365'])('days=%s is refused naming days', async (days) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/daily-stats?days=${days}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toMatch(/^days: /);
  });
});

describe('affiliate-stats', () => {
  type Placement = { impressions: number; clicks: number; ctr: number | null };
  /** The impression figures of a row: total impressions and CTR, then the bridge's and the results page's. */
  const shown = (
    category: string,
    goal: string,
    ctr: number | null,
    bridge: Placement,
    results: Placement,
  ) => ({
    bmiCategory: category,
    goal,
    impressions: bridge.impressions + results.impressions,
    ctr,
    bridgeImpressions: bridge.impressions,
    bridgeClicks: bridge.clicks,
    bridgeCtr: bridge.ctr,
    resultsImpressions: results.impressions,
    resultsClicks: results.clicks,
    resultsCtr: results.ctr,
  });
  // This seed has no conversion: conversions and earnings are tested through the gateway
  // (gateway-conversions.integration.test.ts).
  const noConversions = { conversions: 0, conversionRate: 0, revenue: 0, epc: 0 };
  // Nor any suspicious click (the aggregator judges clicks: aggregator click-verdicts.integration.test.ts).
  const noneSuspicious = { suspiciousClicks: 0, suspiciousShare: 0, suspiciousConversions: 0 };
  const keto = (clickCount: number, uniqueClicks: number, lastClicked: string) => ({
    offerId: 1,
    offerTitle: 'Keto Plan',
    offerUrl: 'https://offers.example/keto',
    clickCount,
    uniqueClicks,
    lastClicked,
    ...noConversions,
    ...noneSuspicious,
  });
  const protein = (clickCount: number, uniqueClicks: number, lastClicked: string) => ({
    offerId: 2,
    offerTitle: 'Protein Shake',
    offerUrl: 'https://offers.example/protein',
    clickCount,
    uniqueClicks,
    lastClicked,
    ...noConversions,
    ...noneSuspicious,
  });
  const third = {
    offerId: 3,
    offerTitle: '=HYPERLINK("https://evil.example","Click")',
    offerUrl: 'https://offers.example/c',
    ...noConversions,
    ...noneSuspicious,
  };
  // Shown (results page, D1: 5) and never clicked: a row all the same, CTR 0 %; no bridge impression, no CTR.
  const neverClicked = {
    offerId: 4,
    offerTitle: 'Never Clicked',
    offerUrl: 'https://offers.example/d',
    clickCount: 0,
    uniqueClicks: 0,
    lastClicked: null,
    ...noConversions,
    // No click: no share.
    ...noneSuspicious,
    suspiciousShare: null,
    ...shown(
      'Obese',
      'wellness',
      0,
      { impressions: 0, clicks: 0, ctr: null },
      { impressions: 5, clicks: 0, ctr: 0 },
    ),
  };
  const unseen = (clicks: { bridge: number; results: number }) => ({
    impressions: 0,
    ctr: null,
    bridgeImpressions: 0,
    bridgeClicks: clicks.bridge,
    bridgeCtr: null,
    resultsImpressions: 0,
    resultsClicks: clicks.results,
    resultsCtr: null,
  });

  it('days=7 ranks by clicks in the period, then impressions, and omits offers neither shown nor clicked', async () => {
    expect(await get('/api/analytics/affiliate-stats?days=7')).toEqual([
      // No impression of Protein Shake: CTR unknown (null), not 0 %.
      {
        ...protein(9, 7, `${d.D0}T08:00:00.000Z`),
        bmiCategory: 'Normal',
        goal: 'muscle_gain',
        ...unseen({ bridge: 4, results: 5 }),
      },
      // Impressions: bridge 10 (D0) + 6 (D6) = 16, results 4 → 20. CTR 8 / 20 = 40 %; bridge 6 / 16 = 37.5 %;
      // results 2 / 4 = 50 %.
      {
        ...keto(8, 6, `${d.D0}T09:00:00.000Z`),
        ...shown(
          'Overweight',
          'weight_loss',
          40,
          { impressions: 16, clicks: 6, ctr: 37.5 },
          { impressions: 4, clicks: 2, ctr: 50 },
        ),
      },
      neverClicked,
    ]);
  });
  it('days=30', async () => {
    expect(await get('/api/analytics/affiliate-stats?days=30')).toEqual([
      {
        ...protein(19, 13, `${d.D0}T08:00:00.000Z`),
        bmiCategory: 'Normal',
        goal: 'muscle_gain',
        ...unseen({ bridge: 14, results: 5 }),
      },
      // Bridge 16 + 100 (D7) = 116, results 4 → 120. CTR 8 / 120 = 6.7 %; bridge 6 / 116 = 5.2 %.
      {
        ...keto(8, 6, `${d.D0}T09:00:00.000Z`),
        ...shown(
          'Overweight',
          'weight_loss',
          6.7,
          { impressions: 116, clicks: 6, ctr: 5.2 },
          { impressions: 4, clicks: 2, ctr: 50 },
        ),
      },
      {
        ...third,
        clickCount: 1,
        uniqueClicks: 1,
        lastClicked: `${d.D7}T11:00:00.000Z`,
        bmiCategory: 'Normal',
        goal: 'wellness',
        ...unseen({ bridge: 0, results: 1 }),
      },
      neverClicked,
    ]);
  });
  it('days=90', async () => {
    expect(await get('/api/analytics/affiliate-stats?days=90')).toEqual([
      // Clicks 8 + 20 (D40, results) = 28. CTR 28 / 120 = 23.3 %; results 22 / 4 = 550 % (total clicks over
      // unique impressions: a visitor may click more than once).
      {
        ...keto(28, 21, `${d.D0}T09:00:00.000Z`),
        ...shown(
          'Overweight',
          'weight_loss',
          23.3,
          { impressions: 116, clicks: 6, ctr: 5.2 },
          { impressions: 4, clicks: 22, ctr: 550 },
        ),
      },
      {
        ...protein(19, 13, `${d.D0}T08:00:00.000Z`),
        bmiCategory: 'Normal',
        goal: 'muscle_gain',
        ...unseen({ bridge: 14, results: 5 }),
      },
      {
        ...third,
        clickCount: 1,
        uniqueClicks: 1,
        lastClicked: `${d.D7}T11:00:00.000Z`,
        bmiCategory: 'Normal',
        goal: 'wellness',
        ...unseen({ bridge: 0, results: 1 }),
      },
      neverClicked,
    ]);
  });
});

describe('recent-clicks', () => {
  const c3 = {
    id: '0190f000-0000-7000-8000-000000000003',
    offerTitle: 'Keto Plan',
    visitorId: 'visitor-cccccccc3',
    ipAddress: '198.51.100.0',
    clickedAt: '2026-01-01T10:10:00.000Z',
  };
  const c2 = {
    id: '0190f000-0000-7000-8000-000000000002',
    offerTitle: 'Protein Shake',
    visitorId: 'visitor-bbbbbbbb2',
    ipAddress: null,
    clickedAt: '2026-01-01T10:05:00.000Z',
  };
  const c1 = {
    id: '0190f000-0000-7000-8000-000000000001',
    offerTitle: 'Keto Plan',
    visitorId: 'visitor-aaaaaaaa1',
    ipAddress: '203.0.113.0',
    clickedAt: '2026-01-01T10:00:00.000Z',
  };

  it('newest first, limited', async () => {
    expect(await get('/api/analytics/recent-clicks?limit=20')).toEqual([c3, c2, c1]);
    expect(await get('/api/analytics/recent-clicks')).toEqual([c3, c2, c1]);
    expect(await get('/api/analytics/recent-clicks?limit=2')).toEqual([c3, c2]);
  });
  it.each(['0', '101', 'x'])('limit=%s is refused naming limit', async (limit) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/recent-clicks?limit=${limit}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^limit: /);
  });
});

describe('traffic-sources', () => {
  const google = (count: number, conversionRate: number) => ({
    source: 'google',
    medium: 'organic',
    referrerDomain: 'google.com',
    count,
    conversionRate,
    // Seeded without clicks of these visitors: no suspicious share.
    suspiciousClicks: 0,
    suspiciousShare: null,
  });
  const facebook = (count: number, conversionRate: number) => ({
    source: 'facebook',
    medium: 'social',
    referrerDomain: 'facebook.com',
    count,
    conversionRate,
    // Seeded without clicks of these visitors: no suspicious share.
    suspiciousClicks: 0,
    suspiciousShare: null,
  });
  const direct = (count: number, conversionRate: number) => ({
    source: 'direct',
    medium: 'none',
    referrerDomain: null,
    count,
    conversionRate,
    // Seeded without clicks of these visitors: no suspicious share.
    suspiciousClicks: 0,
    suspiciousShare: null,
  });

  it('days=7', async () => {
    expect(await get('/api/analytics/traffic-sources?days=7')).toEqual([
      google(15, 20),
      facebook(8, 37.5),
      direct(4, 0),
    ]);
  });
  it('days=30', async () => {
    expect(await get('/api/analytics/traffic-sources?days=30')).toEqual([
      facebook(20, 15),
      google(15, 20),
      direct(4, 0),
    ]);
  });
  it('days=90 (conversion rate to one decimal: 5 / 54 = 9.26%)', async () => {
    expect(await get('/api/analytics/traffic-sources?days=90')).toEqual([
      direct(54, 9.3),
      facebook(20, 15),
      google(15, 20),
    ]);
  });
});

describe('device-stats', () => {
  const chrome = (count: number) => ({
    deviceType: 'mobile',
    browserName: 'Chrome',
    operatingSystem: 'Android',
    count,
  });
  const safariMac = (count: number) => ({
    deviceType: 'desktop',
    browserName: 'Safari',
    operatingSystem: 'macOS',
    count,
  });
  const firefox = (count: number) => ({
    deviceType: 'desktop',
    browserName: 'Firefox',
    operatingSystem: 'Windows',
    count,
  });
  const tablet = (count: number) => ({
    deviceType: 'tablet',
    browserName: 'Safari',
    operatingSystem: 'iOS',
    count,
  });

  it('days=7', async () => {
    expect(await get('/api/analytics/device-stats?days=7')).toEqual([chrome(50), safariMac(15), firefox(10)]);
  });
  it('days=30', async () => {
    expect(await get('/api/analytics/device-stats?days=30')).toEqual([
      safariMac(55),
      chrome(50),
      firefox(10),
    ]);
  });
  it('days=90', async () => {
    expect(await get('/api/analytics/device-stats?days=90')).toEqual([
      tablet(100),
      safariMac(55),
      chrome(50),
      firefox(10),
    ]);
  });
});

describe('geographic-stats', () => {
  const bucharest = { timeZone: 'Europe/Bucharest', language: 'ro-RO', count: 70 };
  const london = { timeZone: 'Europe/London', language: 'en-GB', count: 5 };
  it('days=7 and days=30', async () => {
    expect(await get('/api/analytics/geographic-stats?days=7')).toEqual([bucharest, london]);
    expect(await get('/api/analytics/geographic-stats?days=30')).toEqual([bucharest, london]);
  });
  it('days=90', async () => {
    expect(await get('/api/analytics/geographic-stats?days=90')).toEqual([
      { timeZone: 'America/New_York', language: 'en-US', count: 80 },
      bucharest,
      london,
    ]);
  });
});

describe('journey', () => {
  const funnelRow = (key: keyof typeof d, n: readonly number[]) => ({
    id: funnelIds[d[key]],
    date: d[key],
    landingVisitors: n[0],
    formStarted: n[1],
    formCompleted: n[2],
    resultsViewed: n[3],
    bridgeViewed: n[4],
    bridgeAffiliateClicks: n[5],
    bridgeToFullResults: n[6],
    emailProvided: n[7],
    reportSent: n[8],
  });
  // Built inside the tests: the dates and ids exist only once beforeAll has seeded them.
  const today = () => funnelRow('D0', [100, 60, 40, 45, 38, 5, 30, 10, 8]);
  const yesterday = () => funnelRow('D1', [80, 50, 30, 32, 30, 4, 28, 6, 6]);
  const d7 = () => funnelRow('D7', [20, 10, 5, 5, 5, 1, 4, 2, 1]);
  const d40 = () => funnelRow('D40', [200, 100, 50, 45, 45, 9, 40, 20, 15]);

  it('funnel-stats per period, newest first', async () => {
    expect(await get('/api/journey/funnel-stats?days=7')).toEqual([today(), yesterday()]);
    expect(await get('/api/journey/funnel-stats?days=30')).toEqual([today(), yesterday(), d7()]);
    expect(await get('/api/journey/funnel-stats?days=90')).toEqual([today(), yesterday(), d7(), d40()]);
  });

  it("today-summary is today's row", async () => {
    expect(await get('/api/journey/today-summary')).toEqual(today());
  });

  it('abandonment from the period sums, never negative', async () => {
    // 7 days: landing 180, started 110, completed 70, results 77, email 16, report 14
    expect(await get('/api/journey/abandonment?days=7')).toEqual({
      total_visitors: 180,
      abandoned_at_landing: 70,
      abandoned_at_form: 40,
      abandoned_after_calculation: 0,
      abandoned_at_results: 61,
      abandoned_after_email: 2,
    });
    // 30 days: 200, 120, 75, 82, 18, 15
    expect(await get('/api/journey/abandonment?days=30')).toEqual({
      total_visitors: 200,
      abandoned_at_landing: 80,
      abandoned_at_form: 45,
      abandoned_after_calculation: 0,
      abandoned_at_results: 64,
      abandoned_after_email: 3,
    });
    // 90 days: 400, 220, 125, 127, 38, 30
    expect(await get('/api/journey/abandonment?days=90')).toEqual({
      total_visitors: 400,
      abandoned_at_landing: 180,
      abandoned_at_form: 95,
      abandoned_after_calculation: 0,
      abandoned_at_results: 89,
      abandoned_after_email: 8,
    });
  });
});

describe('time zone', () => {
  it('"today" follows the configured zone', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same date.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const other = buildApp({ db: testDb.db, timeZone: zone });
      const res = await other.inject({
        method: 'GET',
        url: '/api/journey/today-summary',
        headers: { cookie },
      });
      await other.close();
      expect(res.json().date).toBe(await dateDaysAgo(testDb.db, zone, 0));
    }
  });

  it('an unknown zone is refused at start', () => {
    expect(() => buildApp({ db: testDb.db, timeZone: 'Mars/Olympus' })).toThrow(/Unknown time zone/);
  });
});

describe('CSV exports', () => {
  const download = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return { res, rows: parseCsv(res.body, { bom: true, columns: true }) as Record<string, string>[] };
  };

  it('daily-stats.csv carries the same rows as the table, as an attachment', async () => {
    const { res, rows } = await download('/api/analytics/export/daily-stats.csv?days=7');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bodymetrics-daily-stats-${d.D6}_${d.D0}.csv"`,
    );
    expect(rows).toEqual([
      { date: d.D0, uniqueVisitors: '120', totalPageViews: '300', annotation: '' },
      { date: d.D1, uniqueVisitors: '100', totalPageViews: '250', annotation: '' },
      { date: d.D6, uniqueVisitors: '50', totalPageViews: '80', annotation: '' },
    ]);
  });

  it('affiliate-stats.csv neutralises a title that a spreadsheet would run as a formula', async () => {
    const { rows } = await download('/api/analytics/export/affiliate-stats.csv?days=30');
    expect(rows.map((r) => [r.offerTitle, r.clickCount, r.uniqueClicks, r.impressions, r.ctr])).toEqual([
      ['Protein Shake', '19', '13', '0', ''],
      ['Keto Plan', '8', '6', '120', '6.7'],
      [`'=HYPERLINK("https://evil.example","Click")`, '1', '1', '0', ''],
      ['Never Clicked', '0', '0', '5', '0'],
    ]);
  });

  it.each([
    ['funnel-stats', 3],
    ['traffic-sources', 3],
    ['device-stats', 3],
    ['geographic-stats', 2],
  ])('%s.csv?days=30 has %i rows', async (name, count) => {
    const { rows } = await download(`/api/analytics/export/${name}.csv?days=30`);
    expect(rows).toHaveLength(count);
  });

  it('traffic-sources.csv shows "no referrer" as an empty cell', async () => {
    const { rows } = await download('/api/analytics/export/traffic-sources.csv?days=7');
    expect(rows[2]).toEqual({
      source: 'direct',
      medium: 'none',
      referrerDomain: '',
      count: '4',
      conversionRate: '0',
    });
  });

  it('recent-clicks.csv', async () => {
    const { rows } = await download('/api/analytics/export/recent-clicks.csv?limit=2');
    expect(rows.map((r) => r.visitorId)).toEqual(['visitor-cccccccc3', 'visitor-bbbbbbbb2']);
  });

  it('days is validated like the JSON route', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/analytics/export/device-stats.csv?days=14',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});
