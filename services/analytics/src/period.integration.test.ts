// Any period, compared: every read takes from/to (calendar dates of ANALYTICS_TZ, both
// included), `days` still works for old links, and the overview's `previous` holds the period of equal length
// ending the day before `from`. Aggregate rows are seeded by hand on the days each side of both periods' edges
// (rows are dated by the aggregator in the operator's zone), and every expected figure is written out.
//
// The custom range is 2026-03-01..2026-03-10 (10 days); the period before it is 2026-02-19..2026-02-28 (10
// days, across the end of February). 2026-02-18 and 2026-03-11 are just outside and must count nowhere.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { dateDaysAgo, seedAdminSession } from './test-support';
import { resolvePeriod, todayOf } from './period';

const timeZone = 'Europe/Bucharest';
let testDb: TestDatabase;
let app: ReturnType<typeof buildApp>;
let cookie: string;

const range = 'from=2026-03-01&to=2026-03-10';

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const json = async (url: string) => (await get(url)).json();

it.beforeAll(async ({ database }) => {
  testDb = database;
  const db = testDb.db;
  app = buildApp({ db, timeZone });
  ({ cookie } = await seedAdminSession(db));

  // date, unique visitors, page views, mobile visitors, visits, bounced visits, seconds of the visits, clicks,
  // returning visitors
  const visits = [
    ['2026-02-18', 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000], // before the previous period
    ['2026-02-19', 40, 80, 10, 50, 25, 1000, 2, 8], // previous period, first day
    ['2026-02-28', 60, 120, 20, 50, 15, 4000, 3, 12], // previous period, last day
    ['2026-03-01', 100, 200, 30, 120, 30, 6000, 5, 25], // from
    ['2026-03-10', 50, 100, 45, 80, 50, 2000, 4, 20], // to
    ['2026-03-11', 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000], // after the period
  ] as const;
  for (const [date, uv, pv, mobile, sessions, bounced, seconds, clicks, returning] of visits) {
    await db
      .insertInto('daily_visits')
      .values({
        date,
        unique_visitors: uv,
        total_page_views: pv,
        mobile_visitors: mobile,
        returning_visitors: returning,
        sessions,
        bounced_sessions: bounced,
        visit_seconds: sql`${seconds}`,
        session_time_total: sql`${1}`,
        session_time_count: 1,
        affiliate_clicks: clicks,
      })
      .execute();
  }

  await db
    .insertInto('affiliate_offers')
    .values({
      id: 1,
      title: 'Keto Plan',
      description: 'x',
      url: 'https://offers.example/keto',
      bmi_category: 'Overweight',
      goal: 'weight_loss',
    })
    .execute();
  const clickDays = [
    ['2026-02-18', 100],
    ['2026-02-19', 2],
    ['2026-02-28', 3],
    ['2026-03-01', 5],
    ['2026-03-10', 4],
    ['2026-03-11', 50],
  ] as const;
  await db
    .insertInto('affiliate_daily_clicks')
    .values(
      clickDays.map(([date, clicks]) => ({
        date,
        offer_id: 1,
        clicks,
        unique_clicks: clicks,
        bridge_clicks: clicks,
        results_clicks: 0,
        last_clicked_at: `${date}T10:00:00Z`,
      })),
    )
    .execute();

  // date, source, first-touch visitors, those of them who clicked an offer
  const traffic = (date: string, source: string, visitors: number, converted: number) => ({
    date,
    source,
    medium: 'x',
    referrer_domain: '',
    visitors,
    converted,
  });
  await db
    .insertInto('daily_traffic')
    .values([
      traffic('2026-02-18', 'google', 100, 100),
      traffic('2026-02-19', 'direct', 3, 0),
      traffic('2026-02-28', 'facebook', 5, 2),
      traffic('2026-03-01', 'google', 10, 3),
      traffic('2026-03-10', 'facebook', 8, 1),
      traffic('2026-03-11', 'facebook', 50, 50),
    ])
    .execute();

  await db
    .insertInto('affiliate_daily_conversions')
    .values([
      { date: '2026-02-18', offer_id: 1, conversions: 9, revenue: '500.00' },
      { date: '2026-02-28', offer_id: 1, conversions: 1, revenue: '10.00' },
      { date: '2026-03-01', offer_id: 1, conversions: 1, revenue: '12.50' },
      { date: '2026-03-10', offer_id: 1, conversions: 1, revenue: '7.25' },
      { date: '2026-03-11', offer_id: 1, conversions: 3, revenue: '100.00' },
    ])
    .execute();
  return () => app.close();
});

/** The figures of 2026-03-01..2026-03-10: only the rows of the 1st and the 10th. */
const march = {
  from: '2026-03-01',
  to: '2026-03-10',
  visitors: 150, // 100 + 50
  pageViews: 300, // 200 + 100
  avgSessionTime: 40, // (6000 + 2000) s / (120 + 80) visits
  bounceRate: 40, // (30 + 50) / 200
  mobilePercentage: 50, // (30 + 45) / 150
  returningPercentage: 30, // (25 + 20) / 150
  clicks: 9, // 5 + 4
  conversionRate: 22, // (3 + 1) / (10 + 8) = 22.2
  topTrafficSource: 'google', // google 10, facebook 8 (its 50 on the 11th is outside)
  revenue: 19.75, // 12.50 + 7.25
};
/** The figures of 2026-02-19..2026-02-28, the 10 days before. */
const february = {
  from: '2026-02-19',
  to: '2026-02-28',
  visitors: 100, // 40 + 60
  pageViews: 200, // 80 + 120
  avgSessionTime: 50, // (1000 + 4000) / (50 + 50)
  bounceRate: 40, // (25 + 15) / 100
  mobilePercentage: 30, // (10 + 20) / 100
  returningPercentage: 20, // (8 + 12) / 100
  clicks: 5, // 2 + 3
  conversionRate: 25, // (0 + 2) / (3 + 5)
  topTrafficSource: 'facebook', // facebook 5, direct 3 (google's 100 on the 18th is outside)
  revenue: 10,
};
const empty = (from: string, to: string) => ({
  from,
  to,
  visitors: 0,
  pageViews: 0,
  avgSessionTime: 0,
  bounceRate: 0,
  mobilePercentage: 0,
  returningPercentage: 0,
  clicks: 0,
  conversionRate: 0,
  topTrafficSource: 'direct',
  revenue: 0,
});

describe('the overview over a custom range', () => {
  it("adds the range's figures, the Venit card's revenue being its revenue; no previous unless asked", async () => {
    const overview = await json(`/api/analytics/overview?${range}`);
    expect(overview.period).toEqual(march);
    expect(overview.revenue).toBe(19.75);
    expect(overview).not.toHaveProperty('previous');
  });

  it('compare=previous adds the 10 days ending the day before from, across the end of February', async () => {
    const overview = await json(`/api/analytics/overview?${range}&compare=previous`);
    expect(overview.period).toEqual(march);
    expect(overview.previous).toEqual(february);
  });

  it('a one-day range compares with the day before', async () => {
    const overview = await json('/api/analytics/overview?from=2026-03-01&to=2026-03-01&compare=previous');
    expect(overview.period).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      visitors: 100,
      pageViews: 200,
      avgSessionTime: 50, // 6000 / 120
      bounceRate: 25, // 30 / 120
      mobilePercentage: 30, // 30 / 100
      returningPercentage: 25, // 25 / 100
      clicks: 5,
      conversionRate: 30, // 3 / 10
      topTrafficSource: 'google',
      revenue: 12.5,
    });
    expect(overview.previous).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
      visitors: 60,
      pageViews: 120,
      avgSessionTime: 80, // 4000 / 50
      bounceRate: 30, // 15 / 50
      mobilePercentage: 33, // 20 / 60 = 33.3
      returningPercentage: 20, // 12 / 60
      clicks: 3,
      conversionRate: 40, // 2 / 5
      topTrafficSource: 'facebook',
      revenue: 10,
    });
  });

  it('days (the 7/30/90 buttons, old links) is the last N days ending today in ANALYTICS_TZ', async () => {
    const ago = (n: number) => dateDaysAgo(testDb.db, timeZone, n);
    const [today, sixDaysAgo, sevenDaysAgo, thirteenDaysAgo] = [
      await ago(0),
      await ago(6),
      await ago(7),
      await ago(13),
    ];
    const overview = await json('/api/analytics/overview?days=7&compare=previous');
    expect(overview.period).toEqual(empty(sixDaysAgo, today));
    expect(overview.previous).toEqual(empty(thirteenDaysAgo, sevenDaysAgo));
    const byDefault = await json('/api/analytics/overview');
    expect(byDefault.period).toEqual(empty(await dateDaysAgo(testDb.db, timeZone, 29), today));
  });
});

describe("today's date, learnt from Postgres", () => {
  /** The database of the file, through a plugin that counts the statements sent. */
  const counting = () => {
    const sent = { count: 0 };
    const db = testDb.db.withPlugin({
      transformQuery: (args) => {
        sent.count++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, sent };
  };

  it('is asked once for reads in a row, and a from/to period asks nothing', async () => {
    const { db, sent } = counting();
    const today = await dateDaysAgo(testDb.db, timeZone, 0);
    const week = await resolvePeriod(db, timeZone, { days: 7 });
    expect(week).toEqual({ timeZone, from: await dateDaysAgo(testDb.db, timeZone, 6), to: today });
    expect(await resolvePeriod(db, timeZone, { days: 90 })).toEqual({
      timeZone,
      from: await dateDaysAgo(testDb.db, timeZone, 89),
      to: today,
    });
    expect(await resolvePeriod(db, timeZone, {})).toMatchObject({ to: today });
    expect(await resolvePeriod(db, timeZone, { from: '2026-03-01', to: '2026-03-10' })).toEqual({
      timeZone,
      from: '2026-03-01',
      to: '2026-03-10',
    });
    expect(sent.count).toBe(1);
  });

  it('is asked again for another time zone, and each zone has its own date', async () => {
    const { db, sent } = counting();
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const [kiritimati, pagoPago] = await Promise.all(zones.map((zone) => todayOf(db, zone)));
    expect(sent.count).toBe(2);
    expect(kiritimati).toBe(await dateDaysAgo(testDb.db, 'Pacific/Kiritimati', 0));
    expect(pagoPago).toBe(await dateDaysAgo(testDb.db, 'Pacific/Pago_Pago', 0));
    // UTC+14 against UTC-11, neither with summer time: 25 hours apart, so never the same date.
    expect(kiritimati! > pagoPago!).toBe(true);
  });
});

describe('the other reads over a custom range', () => {
  it('daily-stats: the days from..to, both included, newest first', async () => {
    const rows = await json(`/api/analytics/daily-stats?${range}`);
    expect(rows.map((r: { date: string; uniqueVisitors: number }) => [r.date, r.uniqueVisitors])).toEqual([
      ['2026-03-10', 50],
      ['2026-03-01', 100],
    ]);
  });

  it('affiliate-stats: the clicks of the range only', async () => {
    const [row] = await json(`/api/analytics/affiliate-stats?${range}`);
    expect([row.offerId, row.clickCount, row.conversions, row.revenue]).toEqual([1, 9, 2, 19.75]);
  });

  it('traffic-sources and conversions-by-day: the edge days in, the days beside them out', async () => {
    const sources = await json(`/api/analytics/traffic-sources?${range}`);
    expect(sources.map((r: { source: string; count: number }) => [r.source, r.count])).toEqual([
      ['google', 10],
      ['facebook', 8],
    ]);
    const byDay = await json(`/api/analytics/conversions-by-day?${range}`);
    expect(
      byDay.map((r: { date: string; clicks: number; revenue: number }) => [r.date, r.clicks, r.revenue]),
    ).toEqual([
      ['2026-03-01', 5, 12.5],
      ['2026-03-10', 4, 7.25],
    ]);
  });

  it('a range of exactly 400 days is accepted', async () => {
    const rows = await json('/api/analytics/daily-stats?from=2025-02-05&to=2026-03-11');
    expect(rows).toHaveLength(6);
  });

  it('the CSV export takes the range and names it in the file name', async () => {
    const res = await get(`/api/analytics/export/daily-stats.csv?${range}`);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="bodymetrics-daily-stats-2026-03-01_2026-03-10.csv"',
    );
    expect(res.body.trim().split('\n')).toEqual([
      '"date","uniqueVisitors","totalPageViews","annotation"',
      '"2026-03-10","50","100",""',
      '"2026-03-01","100","200",""',
    ]);
  });
});

describe('the figures export', () => {
  it('has a row per day of the range with traffic and a column per figure of the catalogue, by its rule', async () => {
    const res = await get(`/api/analytics/export/figures.csv?${range}`);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="bodymetrics-figures-2026-03-01_2026-03-10.csv"',
    );
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe(
      '"date","visitors","pageViews","avgSessionTime","bounceRate","mobilePercentage","returningPercentage","clicks","topTrafficSource","conversionRate","revenue","annotation"',
    );
    expect(rows).toEqual([
      // 6000 s / 120 visits; 30 / 120 bounced; 30 and 25 of 100 visitors mobile and returning; 3 of 10 first
      // touches clicked
      '"2026-03-01","100","200","50","25","30","25","5","google","30","12.5",""',
      // 2000 / 80 = 25; 50 / 80 = 62.5 → 63; 45 / 50 = 90; 20 / 50 = 40; 1 / 8 = 12.5 → 13
      '"2026-03-10","50","100","25","63","90","40","4","facebook","13","7.25",""',
    ]);
  });
});

describe('a bad period is a 400 naming the field', () => {
  it.each([
    ['from=2026-03-01', 'to'],
    ['to=2026-03-10', 'from'],
    ['from=2026-02-30&to=2026-03-10', 'from'],
    ['from=2026-3-1&to=2026-03-10', 'from'],
    ['from=2026-03-01&to=yesterday', 'to'],
    ['from=2026-03-10&to=2026-03-01', 'to'],
    ['from=2025-02-04&to=2026-03-11', 'to'], // 401 days
    [`${range}&days=7`, 'days'],
    [`${range}&compare=next`, 'compare'],
  ])('overview ?%s names %s', async (query, field) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/overview?${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toMatch(new RegExp(`^${field}: `));
  });

  it.each([
    '/api/analytics/daily-stats?from=2026-03-01',
    '/api/journey/funnel-stats?to=2026-03-10',
    '/api/analytics/export/campaigns.csv?from=2026-03-10&to=2026-03-01',
  ])('%s is refused like the overview', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^(from|to): /);
  });

  it('compare is the overview’s only', async () => {
    // The other reads have no previous period: their schema does not know the parameter, which it ignores.
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/daily-stats?${range}&compare=previous`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
  });
});
