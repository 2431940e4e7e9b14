// "Reset All Data" empties every analytics table, says exactly how many rows went, and leaves admins,
// offers (clicks back to 0), legal pages, reports and contact messages in place.
import { describe, expect } from 'vitest';
import { analyticsTables } from '@bodymetrics/db';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { dateDaysAgo, seedAdminSession } from './test-support';

const timeZone = 'Europe/Bucharest';
let testDb: TestDatabase;
let app: ReturnType<typeof buildApp>;
let cookie: string;

const uuid = (n: number) => `0190f000-0000-7000-8000-${String(n).padStart(12, '0')}`;

async function seedAnalytics(): Promise<void> {
  const db = testDb.db;
  const today = await dateDaysAgo(db, timeZone, 0);
  const now = new Date();
  const pageVisit = (n: number) => ({
    event_id: uuid(100 + n),
    visitor_id: `v${n}`,
    page_url: '/',
    device_type: 'mobile' as const,
    browser_name: 'Chrome',
    operating_system: 'Android',
    screen_resolution: '390x844',
    language: 'ro-RO',
    time_zone: 'Europe/Bucharest',
    is_returning_visitor: 0,
    is_bot: false,
    visited_at: now,
    visit_date: today,
  });
  await db
    .insertInto('page_visits')
    .values([pageVisit(1), pageVisit(2), pageVisit(3)])
    .execute(); // 3
  await db
    .insertInto('page_leaves')
    .values({ event_id: uuid(200), visitor_id: 'v1', session_id: 's1', page_url: '/', left_at: now })
    .execute(); // 1
  await db
    .insertInto('session_durations')
    .values(
      [1, 2].map((n) => ({
        event_id: uuid(300 + n),
        visitor_id: `v${n}`,
        session_duration: 30,
        page_url: '/',
        recorded_at: now,
        record_date: today,
      })),
    )
    .execute(); // 2
  await db
    .insertInto('user_journey')
    .values(
      (['landing', 'form_started', 'form_completed', 'results_viewed'] as const).map((step, i) => ({
        event_id: uuid(400 + i),
        visitor_id: 'v1',
        session_id: 's1',
        step,
        timestamp: now,
        journey_date: today,
      })),
    )
    .execute(); // 4
  await db
    .insertInto('affiliate_clicks')
    .values(
      [1, 2].map((n) => ({
        event_id: uuid(500 + n),
        offer_id: 1,
        source: 'results',
        clicked_at: now,
        click_date: today,
      })),
    )
    .execute(); // 2
  await db
    .insertInto('form_snapshots')
    .values({ event_id: uuid(600), form_data: '{"age":30}', received_at: now })
    .execute(); // 1
  await db
    .insertInto('daily_visits')
    .values([
      { date: today, unique_visitors: 3 },
      { date: await dateDaysAgo(db, timeZone, 1), unique_visitors: 1 },
    ])
    .execute(); // 2
  await db
    .insertInto('daily_visitors')
    .values(['v1', 'v2', 'v3'].map((visitor_id) => ({ date: today, visitor_id })))
    .execute(); // 3
  await db
    .insertInto('visitor_sessions')
    .values(
      [1, 2].map((n) => ({
        session_id: `s${n}`,
        visitor_id: `v${n}`,
        start_date: today,
        started_at: now,
        first_event_at: now,
        last_event_at: now,
      })),
    )
    .execute(); // 2
  await db.insertInto('conversion_funnel').values({ date: today, step: 'landing', visitors: 3 }).execute(); // 1
  await db
    .insertInto('funnel_step_visitors')
    .values(['v1', 'v2', 'v3'].map((visitor_id) => ({ date: today, step: 'landing', visitor_id })))
    .execute(); // 3
  await db
    .insertInto('funnel_visitor_progress')
    .values(['v1', 'v2', 'v3'].map((visitor_id) => ({ date: today, visitor_id, counted_steps: ['landing'] })))
    .execute(); // 3
  await db
    .insertInto('session_metrics')
    .values([1, 2].map((n) => ({ visitor_id: `v${n}`, first_visit: now, last_visit: now })))
    .execute(); // 2
  await db
    .insertInto('traffic_sources')
    .values(
      [1, 2].map((n) => ({
        visitor_id: `v${n}`,
        source: 'direct',
        medium: 'none',
        first_visit: now,
        first_visit_date: today,
      })),
    )
    .execute(); // 2
  await db
    .insertInto('daily_traffic')
    .values([
      { date: today, source: 'direct', medium: 'none', visitors: 2 },
      { date: today, source: 'google', medium: 'organic', referrer_domain: 'google.com', visitors: 1 },
    ])
    .execute(); // 2
  await db
    .insertInto('daily_devices')
    .values({
      date: today,
      device_type: 'mobile',
      browser_name: 'Chrome',
      operating_system: 'Android',
      visitors: 3,
    })
    .execute(); // 1
  await db
    .insertInto('daily_geo')
    .values({ date: today, time_zone: 'Europe/Bucharest', language: 'ro-RO', visitors: 3 })
    .execute(); // 1
  await db
    .insertInto('affiliate_daily_clicks')
    .values([1, 2].map((offer_id) => ({ date: today, offer_id, clicks: 2, last_clicked_at: now })))
    .execute(); // 2
  await db.insertInto('daily_bot_events').values({ date: today, events: 5 }).execute(); // 1
  await db.insertInto('visitor_conversions').values({ visitor_id: 'v:v1', converted_at: now }).execute(); // 1
  await db
    .insertInto('affiliate_click_visitors')
    .values([1, 2].map((offer_id) => ({ date: today, offer_id, visitor_id: 'v:visitor-1' })))
    .execute(); // 2
  await db
    .insertInto('offer_counter_clicks')
    .values({ event_id: '0190f000-0000-7000-8000-0000000000c1', offer_id: 1, clicked_at: now })
    .execute(); // 1
  await db
    .insertInto('offer_impressions')
    .values({
      event_id: '0190f000-0000-7000-8000-0000000000d1',
      visitor_id: 'v:visitor-1',
      session_id: 's1',
      placement: 'bridge',
      offer_ids: [1, 2],
      shown_at: now,
    })
    .execute(); // 1
  await db
    .insertInto('offer_impression_visitors')
    .values(
      [1, 2].map((offer_id) => ({
        date: today,
        offer_id,
        placement: 'bridge' as const,
        visitor_id: 'v:visitor-1',
      })),
    )
    .execute(); // 2
  await db
    .insertInto('offer_daily_impressions')
    .values(
      [1, 2].map((offer_id) => ({ date: today, offer_id, placement: 'bridge' as const, impressions: 1 })),
    )
    .execute(); // 2
  await db
    .insertInto('daily_campaigns')
    .values([
      { date: today, campaign: 'black-friday', term: 'cantar', visitors: 2, clicks: 1 },
      { date: today, campaign: 'spring', visitors: 1 },
    ])
    .execute(); // 2
  await db
    .insertInto('campaign_pending_clicks')
    .values({ visitor_id: 'v:v9', date: today, clicks: 1 })
    .execute(); // 1
  // Conversions: money records, yet analytics the operator resets with the rest.
  await db
    .insertInto('offer_conversions')
    .values({
      transaction_id: 'TX-reset',
      click_id: '0190f000-0000-4000-8000-0000000000d1',
      offer_id: 1,
      payout: '9.5',
      currency: 'EUR',
      conversion_date: today,
    })
    .execute(); // 1
  await db
    .insertInto('affiliate_daily_conversions')
    .values({ date: today, offer_id: 1, conversions: 1, revenue: '9.5' })
    .execute(); // 1
}
const seededAnalyticsRows =
  3 +
  1 +
  2 +
  4 +
  2 +
  1 +
  2 +
  3 +
  2 +
  1 +
  3 +
  3 +
  2 +
  2 +
  2 +
  1 +
  1 +
  2 +
  1 +
  1 +
  2 +
  1 +
  1 +
  2 +
  2 +
  2 +
  1 +
  1 +
  1; // 52

it.beforeAll(async ({ database }) => {
  testDb = database;
  app = buildApp({ db: testDb.db, timeZone });
  ({ cookie } = await seedAdminSession(testDb.db));
  const db = testDb.db;
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
        clicks: 7,
      },
      {
        id: 2,
        title: 'Protein Shake',
        description: 'x',
        url: 'https://offers.example/protein',
        bmi_category: 'Normal',
        goal: 'muscle_gain',
        clicks: 3,
      },
    ])
    .execute();
  await db
    .insertInto('legal_pages')
    .values({ slug: 'terms', title: 'Terms', content: '<p>Terms</p>' })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      full_name: 'Ana',
      email: 'ana@example.test',
      reason: 'General Inquiry',
      message: 'Hello there, team',
    })
    .execute();
  await db
    .insertInto('health_metrics')
    .values({
      name: 'Ana',
      email: 'ana@example.test',
      age: 30,
      gender: 'female',
      weight: 150,
      height: 65,
      activity_level: 'sedentary',
      measurement_system: 'imperial',
      submission_hash: 'h1',
    })
    .execute();
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: 'ana@example.test', unsubscribe_token: 't1' })
    .execute();
  await seedAnalytics();
  return () => app.close();
});

const reset = () => app.inject({ method: 'POST', url: '/api/analytics/reset-all-data', headers: { cookie } });
const count = async (table: string) =>
  Number(
    (
      await testDb.db
        .selectFrom(table as 'admin_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('reset-all-data', () => {
  it('every analytics table was seeded', async () => {
    let total = 0;
    for (const table of analyticsTables) {
      const n = await count(table);
      expect(n, table).toBeGreaterThan(0);
      total += n;
    }
    expect(total).toBe(seededAnalyticsRows);
  });

  it('deletes every analytics row and reports the exact number', async () => {
    const res = await reset();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, details: { totalDeleted: 52 } });
    for (const table of analyticsTables) expect(await count(table), table).toBe(0);
  });

  it('keeps admins, their session, offers (clicks back to 0), legal pages, reports and contact messages', async () => {
    expect(await count('admin_users')).toBe(1);
    expect(await count('admin_sessions')).toBe(1);
    expect(
      await testDb.db
        .selectFrom('affiliate_offers')
        .select(['id', 'title', 'clicks'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 1, title: 'Keto Plan', clicks: 0 },
      { id: 2, title: 'Protein Shake', clicks: 0 },
    ]);
    expect(await count('legal_pages')).toBe(1);
    expect(await count('contact_messages')).toBe(1);
    expect(await count('health_metrics')).toBe(1);
    expect(await count('newsletter_subscribers')).toBe(1);
  });

  it('the dashboard then reads zeros', async () => {
    const overview = await app.inject({ method: 'GET', url: '/api/analytics/overview', headers: { cookie } });
    expect(overview.json()).toEqual({
      todayVisitors: 0,
      todayPageViews: 0,
      avgSessionTime: 0,
      bounceRate: 0,
      mobilePercentage: 0,
      returningPercentage: 0,
      todayClicks: 0,
      totalClicks: 0,
      topTrafficSource: 'direct',
      conversionRate: 0,
      botEventsExcludedToday: 0,
      // The seeded conversion (9.50 today) is gone with the rest.
      revenue: 0,
      revenueCurrency: 'RON',
      period: {
        from: await dateDaysAgo(testDb.db, timeZone, 29),
        to: await dateDaysAgo(testDb.db, timeZone, 0),
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
      },
    });
    const today = await app.inject({ method: 'GET', url: '/api/journey/today-summary', headers: { cookie } });
    expect(today.json()).toEqual({
      id: 0,
      date: await dateDaysAgo(testDb.db, timeZone, 0),
      landingVisitors: 0,
      formStarted: 0,
      formCompleted: 0,
      resultsViewed: 0,
      emailProvided: 0,
      reportSent: 0,
      bridgeViewed: 0,
      bridgeAffiliateClicks: 0,
      bridgeToFullResults: 0,
    });
    const abandonment = await app.inject({
      method: 'GET',
      url: '/api/journey/abandonment?days=30',
      headers: { cookie },
    });
    expect(abandonment.json()).toEqual({
      total_visitors: 0,
      abandoned_at_landing: 0,
      abandoned_at_form: 0,
      abandoned_after_calculation: 0,
      abandoned_at_results: 0,
      abandoned_after_email: 0,
    });
  });

  it('a second reset deletes nothing', async () => {
    expect((await reset()).json()).toEqual({ success: true, details: { totalDeleted: 0 } });
  });
});
