// The counting contract (docs/counting.md): a scripted day of traffic — people with two
// tabs, consenting and not, returning, bouncing and engaged visitors, a bot with no User-Agent, a
// cross-site beacon, unknown offer ids, out-of-order and repeated steps — and every dashboard figure read
// back through the gateway and asserted against numbers computed by hand below. Run in both modes: the
// distributed one (Kafka between tracking and the aggregator) and the embedded one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Abandonment,
  ActiveUsersSnapshot,
  AffiliateStatsRow,
  DeviceStatsRow,
  FunnelRow,
  GeographicStatsRow,
  Overview,
  RecentClick,
  TrafficSourceRow,
} from '@bodymetrics/contracts';
import { openLiveSocket, type LiveSocket } from '@bodymetrics/testing';
import { startSystem, type SystemMode, type SystemUnderTest } from './src';
import { scriptedTraffic, type Answer, type Person, type Tab } from './src/scripted-traffic';

const chromeLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const chromeAndroid =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const edgeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

const person = (p: Omit<Person, 'storageAllowed'> & { storageAllowed?: boolean }): Person => ({
  storageAllowed: false,
  ...p,
});
// No consent: one visitor id per tab; counted by the daily visitor key.
const ana = person({
  name: 'ana',
  address: '198.51.100.11',
  userAgent: chromeLinux,
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Linux',
  timeZone: 'Europe/Bucharest',
  language: 'ro-RO',
});
// Consent, and a returning visitor: counted by the id kept on the device.
const bogdan = person({
  name: 'bogdan',
  address: '198.51.100.12',
  userAgent: safariIphone,
  deviceType: 'mobile',
  browserName: 'Safari',
  operatingSystem: 'iOS',
  timeZone: 'Europe/Bucharest',
  language: 'ro-RO',
  storageAllowed: true,
  returning: true,
});
const cristina = person({
  name: 'cristina',
  address: '198.51.100.13',
  userAgent: firefoxLinux,
  deviceType: 'desktop',
  browserName: 'Firefox',
  operatingSystem: 'Linux',
  timeZone: 'Europe/Berlin',
  language: 'de-DE',
});
const dan = person({
  name: 'dan',
  address: '198.51.100.14',
  userAgent: chromeLinux,
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Linux',
  timeZone: 'Europe/Bucharest',
  language: 'ro-RO',
});
const elena = person({
  name: 'elena',
  address: '198.51.100.15',
  userAgent: chromeAndroid,
  deviceType: 'mobile',
  browserName: 'Chrome',
  operatingSystem: 'Android',
  timeZone: 'Europe/London',
  language: 'en-GB',
});
const florin = person({
  name: 'florin',
  address: '198.51.100.16',
  userAgent: edgeWindows,
  deviceType: 'desktop',
  browserName: 'Edge',
  operatingSystem: 'Windows',
  timeZone: 'Europe/Bucharest',
  language: 'en-US',
});
// A client that sends no User-Agent at all.
const bot = person({
  name: 'bot',
  address: '198.51.100.17',
  userAgent: null,
  deviceType: 'desktop',
  browserName: 'Unknown',
  operatingSystem: 'Unknown',
  timeZone: 'UTC',
  language: 'en',
});

const google = 'https://www.google.com/';
const facebook = 'https://l.facebook.com/';

/** The figures, by hand. Counted visitors: ana (her two tabs are one), bogdan, cristina, dan, elena, florin. */
const expected = {
  visitors: 6,
  // ana 2 (one per tab), the others 1 each; the bot's is left out.
  pageViews: 7,
  // Visits (tab sessions): ana ×2, bogdan, cristina, dan, elena, florin = 7. Engaged: ana's first tab (steps),
  // bogdan (steps), dan (12 s), elena (steps). Bounces: ana's second tab (3 s), cristina (4 s), florin (0 s).
  bounceRate: Math.round((3 / 7) * 100), // 43
  // Seconds of the visits / visits: (14 + 3 + 16 + 4 + 12 + 8 + 0) / 7 = 8.1 — each beacon sent once its
  // seconds really passed, as a visit counts its beacons only up to its own length.
  avgSessionTime: Math.round(57 / 7), // 8
  mobilePercentage: Math.round((2 / 6) * 100), // bogdan, elena: 33
  // Visitors whose first page view of the day was flagged returning: bogdan of 6.
  returningPercentage: Math.round((1 / 6) * 100), // 17
  // ana on offer A; bogdan once on the bridge (offer B) and twice on offer A. Not the bot's, not 999999.
  todayClicks: 4,
  // Visitors who clicked at least one offer ÷ visitors (each one's first touch is today): ana, bogdan of 6.
  conversionRate: Math.round((2 / 6) * 100), // 33
  botEvents: 2, // the bot's page view and its landing step
};

describe.each<SystemMode>(['distributed', 'embedded'])('counting contract — %s mode', (mode) => {
  let system: SystemUnderTest;
  let cookie: string;
  let offerA: { id: number; title: string; url: string };
  let offerB: { id: number; title: string; url: string };
  const answers: Record<string, Answer | Answer[]> = {};
  const tabs: Record<string, Tab> = {};

  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(system.baseUrl + path, { headers: { cookie } });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    system = await startSystem({ mode, trustProxyHops: 1 });
    const offers = await system.db
      .selectFrom('affiliate_offers')
      .select(['id', 'title', 'url'])
      .where('active', '=', true)
      .orderBy('id')
      .limit(2)
      .execute();
    [offerA, offerB] = offers as [typeof offerA, typeof offerB];

    const login = await fetch(`${system.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'user-agent': chromeLinux,
      },
      body: JSON.stringify({ username: system.admin.username, password: system.admin.password }),
    });
    expect(login.status).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const t = scriptedTraffic(system.baseUrl);
    // Each tab's unload beacon goes out once its seconds have passed since its page view: all of them
    // wait together at the end, so the day takes as long as its longest visit.
    const leaving: Promise<Answer>[] = [];
    // ana, first tab: the whole flow, arrived from Google, clicks offer A on the results page, 14 s.
    const anaA = (tabs.anaA = t.openTab(ana));
    answers.anaView = await anaA.pageView(google);
    for (const step of [
      'landing',
      'form_started',
      'form_completed',
      'bridge_viewed',
      'bridge_to_full_results',
      'results_viewed',
    ] as const)
      await anaA.step(step);
    answers.anaClick = await anaA.resultsOfferClick(offerA);
    leaving.push(anaA.leave(14));
    // ana, second tab (another visitor id, same browser): one page view, 3 s — a bounce, not a new visitor.
    const anaB = (tabs.anaB = t.openTab(ana));
    await anaB.pageView();
    await anaB.step('landing');
    leaving.push(anaB.leave(3));

    // bogdan: consent, returning; from Facebook; the bridge's offer B, then full results and offers A twice.
    const bogdanTab = (tabs.bogdan = t.openTab(bogdan, 'kept-bogdan-7f3a'));
    await bogdanTab.pageView(facebook);
    for (const step of ['landing', 'form_started', 'form_completed', 'bridge_viewed'] as const)
      await bogdanTab.step(step);
    await bogdanTab.bridgeOfferClick(offerB.id);
    await bogdanTab.step('bridge_affiliate_click', { offerId: offerB.id });
    await bogdanTab.step('bridge_to_full_results');
    await bogdanTab.step('results_viewed');
    await bogdanTab.resultsOfferClick(offerA);
    await bogdanTab.resultsOfferClick(offerA);
    // The report form: mailed, so the reports service records email_provided and report_sent.
    answers.bogdanReport = await bogdanTab.emailReport('bogdan@example.com');
    leaving.push(bogdanTab.leave(16));

    // cristina: lands and leaves after 4 s (a bounce).
    const cristinaTab = t.openTab(cristina);
    await cristinaTab.pageView();
    await cristinaTab.step('landing');
    leaving.push(cristinaTab.leave(4));

    // dan: lands, reads for 12 s (engaged by time alone).
    const danTab = (tabs.dan = t.openTab(dan));
    await danTab.pageView();
    await danTab.step('landing');
    leaving.push(danTab.leave(12));

    // elena: steps out of order and repeated; results_viewed before anything and without the bridge.
    const elenaTab = t.openTab(elena);
    await elenaTab.pageView();
    await elenaTab.step('results_viewed');
    await elenaTab.step('form_started');
    await elenaTab.step('landing');
    await elenaTab.step('form_started');
    await elenaTab.step('form_completed');
    leaving.push(elenaTab.leave(8));

    // florin: one page view, then claims a mailed report the server never sent.
    const florinTab = t.openTab(florin);
    await florinTab.pageView();
    await florinTab.step('landing');
    answers.florinEmail = await florinTab.step('email_provided');
    answers.florinReport = await florinTab.step('report_sent');
    answers.unknownOffer = await florinTab.resultsOfferClick({
      id: 999_999,
      title: '=13+13',
      url: 'https://evil.example/',
    });

    // The bot: no User-Agent.
    const botTab = t.openTab(bot);
    answers.botView = await botTab.pageView();
    await botTab.step('landing');

    // A page on another site beaconing a visit on our behalf.
    answers.crossSite = await t.crossSiteBeacon(cristina, {
      visitorId: 'elsewhere-1',
      pageUrl: 'https://elsewhere.example/',
      action: 'page_leave',
      sessionId: 'elsewhere-s',
    });
    await Promise.all(leaving);
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('refuses what must not count: forged report steps, an unknown offer, a cross-site beacon', () => {
    expect((answers.florinEmail as Answer).status).toBe(400);
    expect((answers.florinReport as Answer).status).toBe(400);
    expect((answers.unknownOffer as Answer[])[0]?.status).toBe(400);
    expect((answers.unknownOffer as Answer[])[1]?.status).toBe(400);
    expect((answers.crossSite as Answer).status).toBe(403);
    expect((answers.botView as Answer).status).toBe(202);
    // ana's results click: the record and the offer's counter call, both accepted.
    expect((answers.anaClick as Answer[]).map((a) => a.status)).toEqual([202, 202]);
    expect(answers.bogdanReport as Answer).toEqual({ status: 200, body: { success: true } });
  });

  it('overview cards', async () => {
    await expect
      .poll(() => read<Overview>('/api/analytics/overview'), { timeout: 30_000, interval: 500 })
      .toMatchObject({
        todayVisitors: expected.visitors,
        todayPageViews: expected.pageViews,
        todayClicks: expected.todayClicks,
      });
    // Every applied event is in by now (clicks and page views were the last of their topics); the
    // session-duration beacons may trail: wait for the full overview.
    await expect
      .poll(() => read<Overview>('/api/analytics/overview'), { timeout: 30_000, interval: 500 })
      .toEqual({
        todayVisitors: expected.visitors,
        todayPageViews: expected.pageViews,
        avgSessionTime: expected.avgSessionTime,
        bounceRate: expected.bounceRate,
        mobilePercentage: expected.mobilePercentage,
        returningPercentage: expected.returningPercentage,
        todayClicks: expected.todayClicks,
        totalClicks: expected.todayClicks,
        topTrafficSource: 'direct',
        conversionRate: expected.conversionRate,
        botEventsExcludedToday: expected.botEvents,
        revenue: 0, // no postback in this traffic
        revenueCurrency: 'RON',
        // The default period (the last 30 days) holds only today's traffic: the same figures.
        period: {
          from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          visitors: expected.visitors,
          pageViews: expected.pageViews,
          avgSessionTime: expected.avgSessionTime,
          bounceRate: expected.bounceRate,
          mobilePercentage: expected.mobilePercentage,
          returningPercentage: expected.returningPercentage,
          clicks: expected.todayClicks,
          conversionRate: expected.conversionRate,
          topTrafficSource: 'direct',
          revenue: 0,
        },
      });
  });

  it('today funnel: each step at most its predecessor, per counted visitor', async () => {
    const rows = await read<FunnelRow[]>('/api/journey/funnel-stats?days=7');
    const today = rows[0];
    expect(today).toMatchObject({
      landingVisitors: 6, // ana (both tabs: one visitor), bogdan, cristina, dan, elena, florin
      formStarted: 3, // ana, bogdan, elena (twice: once)
      formCompleted: 3,
      bridgeViewed: 2, // ana, bogdan
      bridgeAffiliateClicks: 1, // bogdan
      bridgeToFullResults: 2,
      resultsViewed: 2, // elena's early results_viewed never reached the bridge
      emailProvided: 1, // bogdan's report, recorded by the reports service; florin's claims were refused
      reportSent: 1,
    });
  });

  it('abandonment follows from the same rows', async () => {
    expect(await read<Abandonment>('/api/journey/abandonment?days=7')).toEqual({
      total_visitors: 6,
      abandoned_at_landing: 3, // 6 landed, 3 started the form
      abandoned_at_form: 0, // 3 started, 3 completed
      abandoned_after_calculation: 1, // 3 completed, 2 saw the results
      abandoned_at_results: 1, // 2 saw the results, 1 asked for the report
      abandoned_after_email: 0, // and it was mailed
    });
  });

  it('affiliate performance: total and unique clicks, titles from the offers table', async () => {
    const rows = await read<(AffiliateStatsRow & { uniqueClicks?: number })[]>(
      '/api/analytics/affiliate-stats?days=7',
    );
    expect(rows.map((r) => [r.offerId, r.offerTitle, r.offerUrl, r.clickCount, r.uniqueClicks])).toEqual([
      [offerA.id, offerA.title, offerA.url, 3, 2], // ana once, bogdan twice
      [offerB.id, offerB.title, offerB.url, 1, 1],
    ]);
    // The offer's own counter: the results page's counter calls (3) and the bridge click (1).
    const counters = await system.db
      .selectFrom('affiliate_offers')
      .select(['id', 'clicks'])
      .where('id', 'in', [offerA.id, offerB.id])
      .orderBy('id')
      .execute();
    expect(counters.map((o) => o.clicks)).toEqual([3, 1]);
  });

  it('recent clicks: the four counted clicks, truncated addresses', async () => {
    const rows = await read<RecentClick[]>('/api/analytics/recent-clicks?limit=20');
    expect(rows.map((r) => [r.offerTitle, r.visitorId, r.ipAddress])).toEqual([
      [offerA.title, 'kept-bogdan-7f3a', '198.51.100.0'],
      [offerA.title, 'kept-bogdan-7f3a', '198.51.100.0'],
      [offerB.title, 'kept-bogdan-7f3a', '198.51.100.0'],
      [offerA.title, tabs.anaA?.visitorId, '198.51.100.0'],
    ]);
  });

  it('daily row, sources, devices and geography count each visitor once', async () => {
    const daily = await read<{ uniqueVisitors: number; totalPageViews: number }[]>(
      '/api/analytics/daily-stats?days=7',
    );
    expect(daily[0]).toMatchObject({ uniqueVisitors: 6, totalPageViews: 7 });

    const sources = await read<TrafficSourceRow[]>('/api/analytics/traffic-sources?days=7');
    expect(sources.map((s) => [s.source, s.medium, s.count, s.conversionRate])).toEqual([
      ['direct', 'none', 4, 0], // cristina, dan, elena, florin (ana's second tab is ana)
      ['facebook', 'social', 1, 100], // bogdan clicked
      ['google', 'organic', 1, 100], // ana clicked
    ]);

    const devices = await read<DeviceStatsRow[]>('/api/analytics/device-stats?days=7');
    expect(devices.map((d) => [d.deviceType, d.browserName, d.operatingSystem, d.count])).toEqual([
      ['desktop', 'Chrome', 'Linux', 2], // ana, dan
      ['desktop', 'Edge', 'Windows', 1],
      ['desktop', 'Firefox', 'Linux', 1],
      ['mobile', 'Chrome', 'Android', 1],
      ['mobile', 'Safari', 'iOS', 1],
    ]);

    const geo = await read<GeographicStatsRow[]>('/api/analytics/geographic-stats?days=7');
    expect(geo.map((g) => [g.timeZone, g.language, g.count])).toEqual([
      ['Europe/Bucharest', 'ro-RO', 3], // ana, bogdan, dan
      ['Europe/Berlin', 'de-DE', 1],
      ['Europe/Bucharest', 'en-US', 1],
      ['Europe/London', 'en-GB', 1],
    ]);
  });

  it('live: a visitor with an open page is active with their stage, and gone the moment the page closes', async () => {
    const admin = openLiveSocket(system.baseUrl, '/analytics-ws?role=admin', {
      cookie,
      origin: system.baseUrl,
    });
    await admin.opened;
    const visitor: LiveSocket = openLiveSocket(system.baseUrl, '/analytics-ws', {
      origin: system.baseUrl,
      'x-forwarded-for': dan.address,
    });
    await visitor.opened;
    visitor.send({
      type: 'user_active',
      data: {
        visitorId: tabs.dan?.visitorId,
        sessionId: tabs.dan?.sessionId,
        currentPage: '/',
        deviceType: 'desktop',
        browser: 'Chrome',
        location: 'Bucharest',
        stage: 'results',
      },
    });
    const snapshot = async (until: (s: ActiveUsersSnapshot) => boolean) => {
      for (;;) {
        const frame = await admin.next('active_users_update');
        const data = frame.data as ActiveUsersSnapshot;
        if (until(data)) return data;
      }
    };
    const withDan = await snapshot((s) => s.count === 1);
    expect(withDan.users.map((u) => [u.visitorId, u.stage])).toEqual([[tabs.dan?.visitorId, 'results']]);
    visitor.socket.close();
    expect((await snapshot((s) => s.count === 0)).users).toEqual([]);
    admin.socket.close();
  });
});
