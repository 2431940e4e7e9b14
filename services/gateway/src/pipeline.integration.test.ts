// The whole write-and-read path through the gateway, on real servers: three visitors' events go
// gateway → tracking → Kafka → aggregator → Postgres, and the operator reads them back through the
// gateway from the analytics service. Every expected number is counted by hand from the story below.
import { afterAll, describe, expect } from 'vitest';
import type { Aggregator } from '@bodymetrics/aggregator';
import { shiftDate, type Overview } from '@bodymetrics/contracts';
import { it } from '@bodymetrics/testing/fixtures';
import { startGatewayPipeline, type GatewayPipeline, type TrackingCall } from './test-support';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const pageVisit = (visitorId: string, mobile: boolean, referrer: string | null, page = '/') => ({
  visitorId,
  sessionId: `session-${visitorId}`,
  pageUrl: `https://bodymetrics.example${page}`,
  userAgent: mobile ? safari : chrome,
  referrer,
  deviceType: mobile ? 'mobile' : 'desktop',
  browserName: mobile ? 'Safari' : 'Chrome',
  operatingSystem: mobile ? 'iOS' : 'Windows',
  screenResolution: mobile ? '390x844' : '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
});

/**
 * P (desktop, from Facebook): two pages, the page's whole journey (email_provided and report_sent are the
 * reports service's to record, and P sends no report), a bridge click on offer 1 and a results click
 * on offer 2, 12 s on site. Q (mobile, direct): one page and its landing step only, but 12 s on site (so
 * engaged). R (desktop, from Facebook): one page, landing only, 6 s (the one bounce). The duration beacons
 * (`leaving`) go out once the visits have really lasted that long: a visit counts its beacons only up to
 * its own length.
 */
const pJourney = [
  'landing',
  'form_started',
  'form_completed',
  'bridge_viewed',
  'bridge_affiliate_click',
  'bridge_to_full_results',
  'results_viewed',
];
const story: TrackingCall[] = [
  {
    path: '/api/analytics/page-visit',
    ua: chrome,
    ip: '203.0.113.10',
    body: pageVisit('P', false, 'https://m.facebook.com/'),
  },
  {
    path: '/api/analytics/page-visit',
    ua: chrome,
    ip: '203.0.113.10',
    body: pageVisit('P', false, 'https://bodymetrics.example/', '/legal/privacy'),
  },
  { path: '/api/analytics/page-visit', ua: safari, ip: '198.51.100.7', body: pageVisit('Q', true, null) },
  {
    path: '/api/analytics/page-visit',
    ua: chrome,
    ip: '192.0.2.33',
    body: pageVisit('R', false, 'https://www.facebook.com/'),
  },
  ...pJourney.map((step) => ({
    path: '/api/journey/track',
    ua: chrome,
    ip: '203.0.113.10',
    body: { visitorId: 'P', sessionId: 'session-P', step, deviceType: 'desktop', userAgent: chrome },
  })),
  {
    path: '/api/journey/track',
    ua: safari,
    ip: '198.51.100.7',
    body: { visitorId: 'Q', sessionId: 'session-Q', step: 'landing' },
  },
  {
    path: '/api/journey/track',
    ua: chrome,
    ip: '192.0.2.33',
    body: { visitorId: 'R', sessionId: 'session-R', step: 'landing' },
  },
  {
    path: '/api/affiliate-offers/click',
    ua: chrome,
    ip: '203.0.113.10',
    body: { offerId: 1, visitorId: 'P', sessionId: 'session-P' },
  },
  {
    path: '/api/analytics/affiliate-click',
    ua: chrome,
    ip: '203.0.113.10',
    body: {
      offerId: 2,
      offerTitle: 'Offer two',
      offerUrl: 'https://partner.example.com/2',
      visitorId: 'P',
      sessionId: 'session-P',
      ipAddress: null,
      userAgent: chrome,
      referrer: 'https://bodymetrics.example/',
    },
  },
];
/** Seconds after the story's page views when its visitors leave. */
const visitSeconds = 12;
const leaving: TrackingCall[] = [
  {
    path: '/api/analytics/session-duration',
    ua: chrome,
    ip: '203.0.113.10',
    body: { visitorId: 'P', sessionId: 'session-P', sessionDuration: 10, pageUrl: '/' },
  },
  {
    // A beacon per page: P's two add up to the 12 s of the visit.
    path: '/api/analytics/session-duration',
    ua: chrome,
    ip: '203.0.113.10',
    body: { visitorId: 'P', sessionId: 'session-P', sessionDuration: 2, pageUrl: '/legal/terms' },
  },
  {
    path: '/api/analytics/session-duration',
    ua: safari,
    ip: '198.51.100.7',
    body: { visitorId: 'Q', sessionId: 'session-Q', sessionDuration: 12, pageUrl: '/' },
  },
  {
    path: '/api/analytics/session-duration',
    ua: chrome,
    ip: '192.0.2.33',
    body: { visitorId: 'R', sessionId: 'session-R', sessionDuration: 6, pageUrl: '/' },
  },
];

describe('the analytics pipeline through the gateway', () => {
  let pipeline: GatewayPipeline;
  let aggregator: Aggregator;
  let base: string;
  let bearer: string;

  it.beforeAll(async ({ database, bus }) => {
    pipeline = await startGatewayPipeline({
      db: database.db,
      bus: bus.bus,
      timeZone: 'Europe/Bucharest',
      groupId: 'pipeline',
    });
    ({ aggregator, base, bearer } = pipeline);

    const sentAt = Date.now();
    // The page views and steps are in before the clicks, as a person's page sends them seconds apart: a click
    // is judged by the page views applied by then (docs/counting.md: Suspicious click).
    const clicksFrom = story.findIndex((call) => call.path.includes('click'));
    await pipeline.send(story.slice(0, clicksFrom));
    await pipeline.applied(clicksFrom);
    await pipeline.send(story.slice(clicksFrom));
    await new Promise((resolve) => setTimeout(resolve, sentAt + visitSeconds * 1000 - Date.now()));
    await pipeline.send(leaving);
    await pipeline.applied(story.length + leaving.length);
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const read = <T>(path: string): Promise<T> => pipeline.read<T>(path);

  it('shows the overview the operator expects', async () => {
    expect(await read('/api/analytics/overview')).toEqual({
      todayVisitors: 3,
      todayPageViews: 4,
      avgSessionTime: 10, // seconds of the day's visits / visits: (10 + 2 + 12 + 6) / 3 = 10 (not per beacon: 7.5)
      bounceRate: 33, // R (one page, landing only, 6 s) of three visits
      mobilePercentage: 33, // Q of three visitors
      returningPercentage: 0,
      todayClicks: 2,
      totalClicks: 2,
      topTrafficSource: 'facebook',
      conversionRate: 33, // P (who clicked) of the three first-touch visitors P, Q, R
      botEventsExcludedToday: 0, // every request of the story came from a browser
      revenue: 0, // no postback in this story
      revenueCurrency: 'RON',
      // The last 30 days (the default period): the story happened today, so the same figures.
      period: {
        from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        visitors: 3,
        pageViews: 4,
        avgSessionTime: 10,
        bounceRate: 33,
        mobilePercentage: 33,
        returningPercentage: 0,
        clicks: 2,
        conversionRate: 33,
        topTrafficSource: 'facebook',
        revenue: 0,
      },
    });
  });

  it('takes a custom range and the previous period through the gateway', async () => {
    // The story is today's: a range of today alone holds it all, the day before holds nothing.
    // Today in the operator's zone as the server resolves it: the end of the default period.
    const today = (await read<Overview>('/api/analytics/overview')).period.to;
    const yesterday = shiftDate(today, -1);
    const overview = await read<Overview>(
      `/api/analytics/overview?from=${today}&to=${today}&compare=previous`,
    );
    expect(overview.period).toEqual({
      from: today,
      to: today,
      visitors: 3,
      pageViews: 4,
      avgSessionTime: 10,
      bounceRate: 33,
      mobilePercentage: 33,
      returningPercentage: 0,
      clicks: 2,
      conversionRate: 33,
      topTrafficSource: 'facebook',
      revenue: 0,
    });
    expect(overview.previous).toEqual({
      from: yesterday,
      to: yesterday,
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
    expect(await read(`/api/analytics/daily-stats?from=${yesterday}&to=${yesterday}`)).toEqual([]);
    const refused = await fetch(`${base}/api/analytics/daily-stats?from=${today}&to=${yesterday}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/^to: /);
  });

  it('shows the funnel, the abandonment and the daily rows', async () => {
    expect(await read('/api/journey/today-summary')).toMatchObject({
      landingVisitors: 3,
      formStarted: 1,
      formCompleted: 1,
      resultsViewed: 1,
      emailProvided: 0,
      reportSent: 0,
      bridgeViewed: 1,
      bridgeAffiliateClicks: 1,
      bridgeToFullResults: 1,
    });
    expect(await read('/api/journey/abandonment?days=7')).toEqual({
      total_visitors: 3,
      abandoned_at_landing: 2,
      abandoned_at_form: 0,
      abandoned_after_calculation: 0,
      abandoned_at_results: 1, // P saw the results and asked for no report
      abandoned_after_email: 0,
    });
    const daily = await read<{ uniqueVisitors: number; totalPageViews: number }[]>(
      '/api/analytics/daily-stats?days=30',
    );
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({ uniqueVisitors: 3, totalPageViews: 4 });
  });

  it('refuses email_provided and report_sent from a page (400 naming step); the funnel shows none', async () => {
    // The story: 20 visitors posting only report_sent once showed "Raport trimis 22 — 440%".
    for (let i = 0; i < 20; i++) {
      for (const step of ['report_sent', 'email_provided']) {
        const response = await pipeline.post({
          path: '/api/journey/track',
          ua: chrome,
          ip: `192.0.2.${100 + i}`,
          body: { visitorId: `forger-${i}`, sessionId: `forger-${i}`, step },
        });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.message).toMatch(/^step: /);
      }
    }
    // Nothing was published: the aggregator applied no more than the story's events.
    expect(aggregator.healthcheck().eventsApplied).toBe(story.length + leaving.length);
    expect(await read('/api/journey/today-summary')).toMatchObject({
      landingVisitors: 3,
      emailProvided: 0,
      reportSent: 0,
    });
  });

  it('shows clicks per offer and the recent clicks with truncated addresses', async () => {
    const stats = await read<{ offerId: number; clickCount: number; uniqueClicks: number }[]>(
      '/api/analytics/affiliate-stats?days=7',
    );
    expect(stats.map((s) => [s.offerId, s.clickCount, s.uniqueClicks]).sort()).toEqual([
      [1, 1, 1],
      [2, 1, 1],
    ]);
    const recent = await read<{ visitorId: string; ipAddress: string; offerTitle: string }[]>(
      '/api/analytics/recent-clicks?limit=20',
    );
    expect(recent).toHaveLength(2);
    expect(recent.every((c) => c.visitorId === 'P' && c.ipAddress === '203.0.113.0')).toBe(true);
  });

  it('shows traffic sources with conversion, devices and geography', async () => {
    // Equal counts are listed by name.
    expect(await read('/api/analytics/traffic-sources?days=7')).toEqual([
      // No suspicious click: P's two clicks came after P's page views, on two offers.
      {
        source: 'direct',
        medium: 'none',
        referrerDomain: null,
        count: 1,
        conversionRate: 0,
        suspiciousClicks: 0,
        suspiciousShare: null,
      },
      {
        source: 'facebook',
        medium: 'social',
        referrerDomain: 'm.facebook.com',
        count: 1,
        conversionRate: 100,
        suspiciousClicks: 0,
        suspiciousShare: 0,
      },
      {
        source: 'facebook',
        medium: 'social',
        referrerDomain: 'www.facebook.com',
        count: 1,
        conversionRate: 0,
        suspiciousClicks: 0,
        suspiciousShare: null,
      },
    ]);
    expect(await read('/api/analytics/device-stats?days=7')).toEqual([
      { deviceType: 'desktop', browserName: 'Chrome', operatingSystem: 'Windows', count: 2 },
      { deviceType: 'mobile', browserName: 'Safari', operatingSystem: 'iOS', count: 1 },
    ]);
    expect(await read('/api/analytics/geographic-stats?days=7')).toEqual([
      { timeZone: 'Europe/Bucharest', language: 'ro-RO', count: 3 },
    ]);
  });

  it('refuses the same reads without a session', async () => {
    const response = await fetch(`${base}/api/analytics/overview`);
    expect(response.status).toBe(401);
  });
});
