// Bot traffic (isbot, the maintained detector) is recorded as bot and left out of every dashboard figure:
// after a human's visit, a crawler's page visits, journey steps and offer click — through the gateway,
// tracking, Kafka and the aggregator — land as raw rows marked (or with their user agent) while the
// aggregates and every figure the operator reads stay exactly as the human left them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { eventually } from '@bodymetrics/testing';
import { pipelinePatience } from './pipeline';
import { desktopChrome, get, googlebot, journeyBody, pageVisitBody, post, type From } from './requests';
import { adminPassword, createOperator, startSystem, type System } from './system';

let system: System;
let cookie: string;
let offerId: number;

const human: From = { ip: '203.0.113.10', userAgent: desktopChrome };
const crawler: From = { ip: '66.249.66.1', userAgent: googlebot };

beforeAll(async () => {
  system = await startSystem({ label: 'bots', aggregator: true });
  await createOperator(system.db, 'operator');
  const login = await post(system.gateway, '/api/admin/login', {
    username: 'operator',
    password: adminPassword,
  });
  cookie = `${adminSessionCookie}=${login.json<{ sessionId: string }>().sessionId}`;
  offerId = (
    await system.db
      .insertInto('affiliate_offers')
      .values({
        title: 'Lean Shake',
        description: 'A shake',
        url: 'https://partner.example/lean',
        bmi_category: 'Overweight',
        goal: 'weight_loss',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await system?.close();
});

/** Everything the dashboard shows, read the way the admin app reads it. */
async function dashboardFigures() {
  const read = async (url: string) => {
    const res = await get(system.gateway, url, { headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    return res.json<unknown>();
  };
  return {
    overview: await read('/api/analytics/overview'),
    daily: await read('/api/analytics/daily-stats?days=7'),
    funnel: await read('/api/journey/funnel-stats?days=7'),
    today: await read('/api/journey/today-summary'),
    abandonment: await read('/api/journey/abandonment?days=7'),
    affiliate: await read('/api/analytics/affiliate-stats?days=7'),
    devices: await read('/api/analytics/device-stats?days=7'),
    traffic: await read('/api/analytics/traffic-sources?days=7'),
    geography: await read('/api/analytics/geographic-stats?days=7'),
  };
}

async function aggregates() {
  return {
    dailyVisits: await system.db.selectFrom('daily_visits').selectAll().execute(),
    conversionFunnel: await system.db.selectFrom('conversion_funnel').selectAll().execute(),
    offerClicks: await system.db.selectFrom('affiliate_offers').select('clicks').execute(),
  };
}

describe('bot traffic', () => {
  it('is stored as bot and moves no figure of the dashboard', async () => {
    // A human: one visit, two journey steps, one offer click.
    expect(
      (await post(system.gateway, '/api/analytics/page-visit', pageVisitBody('human'), human)).statusCode,
    ).toBe(202);
    for (const step of ['landing', 'form_started'])
      expect(
        (await post(system.gateway, '/api/journey/track', journeyBody('human', step), human)).statusCode,
      ).toBe(202);
    expect(
      (await post(system.gateway, '/api/affiliate-offers/click', { offerId, visitorId: 'human' }, human))
        .statusCode,
    ).toBe(202);
    await eventually(async () => {
      expect((await dashboardFigures()).overview).toMatchObject({ todayVisitors: 1, todayClicks: 1 });
      expect(await system.db.selectFrom('user_journey').select('step').execute()).toHaveLength(2);
    }, pipelinePatience);
    const figuresBefore = await dashboardFigures();
    const aggregatesBefore = await aggregates();

    // Googlebot, by its header and by the user agent the page reports; and a crawler that reports a
    // browser's user agent in the body but not in its request header.
    const googlebotVisit = pageVisitBody('googlebot', {
      userAgent: googlebot,
      deviceType: 'mobile',
      timeZone: 'America/Los_Angeles',
    });
    expect(
      (await post(system.gateway, '/api/analytics/page-visit', googlebotVisit, crawler)).statusCode,
    ).toBe(202);
    expect(
      (await post(system.gateway, '/api/analytics/page-visit', pageVisitBody('disguised'), crawler))
        .statusCode,
    ).toBe(202);
    for (const step of ['landing', 'form_started', 'form_completed', 'results_viewed'])
      expect(
        (
          await post(
            system.gateway,
            '/api/journey/track',
            journeyBody('googlebot', step, { userAgent: googlebot }),
            crawler,
          )
        ).statusCode,
      ).toBe(202);
    expect(
      (await post(system.gateway, '/api/journey/track', journeyBody('disguised', 'landing'), crawler))
        .statusCode,
    ).toBe(202);
    expect(
      (
        await post(
          system.gateway,
          '/api/analytics/affiliate-click',
          {
            offerId,
            offerTitle: 'Lean Shake',
            offerUrl: 'https://partner.example/lean',
            visitorId: 'googlebot',
            ipAddress: null,
            userAgent: googlebot,
            referrer: '/',
          },
          crawler,
        )
      ).statusCode,
    ).toBe(202);

    // The raw rows are there, recorded as bot (page visits) or with the crawler's user agent.
    await eventually(async () => {
      const visits = await system.db
        .selectFrom('page_visits')
        .select(['visitor_id', 'is_bot'])
        .orderBy('visitor_id')
        .execute();
      expect(visits).toEqual([
        { visitor_id: 'disguised', is_bot: true },
        { visitor_id: 'googlebot', is_bot: true },
        { visitor_id: 'human', is_bot: false },
      ]);
      const botSteps = await system.db
        .selectFrom('user_journey')
        .select('user_agent')
        .where('visitor_id', '!=', 'human')
        .execute();
      expect(botSteps).toHaveLength(5);
      const botClicks = await system.db
        .selectFrom('affiliate_clicks')
        .select('user_agent')
        .where('visitor_id', '=', 'googlebot')
        .execute();
      expect(botClicks).toEqual([{ user_agent: googlebot }]);
    }, pipelinePatience);

    // Not one figure moved; only the operator's count of left-out bot events rose, by the 8 bot events
    // above (2 page views, 5 journey steps, 1 click).
    expect(await aggregates()).toEqual(aggregatesBefore);
    const figuresAfter = await dashboardFigures();
    const botCount = (f: { overview: unknown }) =>
      (f.overview as { botEventsExcludedToday: number }).botEventsExcludedToday;
    const withoutBotCount = (f: Awaited<ReturnType<typeof dashboardFigures>>) => ({
      ...f,
      overview: { ...(f.overview as Record<string, unknown>), botEventsExcludedToday: undefined },
    });
    expect(withoutBotCount(figuresAfter)).toEqual(withoutBotCount(figuresBefore));
    expect(botCount(figuresAfter)).toBe(botCount(figuresBefore) + 8);
  }, 150_000);
});
