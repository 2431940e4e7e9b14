// A scripted click bot through the gateway, on real servers (tracking → Kafka → aggregator → Postgres, the
// networks' postbacks through offers, the dashboard's reads through analytics): two people click an offer
// once each, a bot from one address clicks it twenty times in ten seconds. The bot's clicks are stored and
// counted as clicks but flagged suspicious, with their reasons (docs/counting.md: Suspicious click), and
// leave EPC and CTR as the people's clicks make them; a network's postback for one of them is recorded and
// flagged, its payout in revenue, not in EPC. Replaying every click envelope afterwards changes no count.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import {
  topics,
  type AffiliateStatsRow,
  type CampaignRow,
  type ConversionsByDayRow,
  type TrafficSourceRow,
} from '@bodymetrics/contracts';
import { eventually, readTopic, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { pageViewBody, startGatewayPipeline, type GatewayPipeline, type TrackingCall } from './test-support';

const tz = 'Europe/Bucharest';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const token = 'click-bot-postback-token-0123456789';
/** The seeded offer the story clicks (Underweight, weight loss: one of the bridge's). */
const offerId = 1;
const botClicks = 20;
const botPaceMs = 500;

interface Person {
  visitorId: string;
  ip: string;
}
const people: Person[] = [
  { visitorId: 'H1', ip: '203.0.113.21' },
  { visitorId: 'H2', ip: '203.0.113.22' },
];
const bot: Person = { visitorId: 'farm', ip: '198.51.100.66' };

const call = (who: Person, path: string, body: object): TrackingCall => ({
  path,
  ua: chrome,
  ip: who.ip,
  body: { visitorId: who.visitorId, sessionId: `session-${who.visitorId}`, storageAllowed: true, ...body },
});
const pageView = (who: Person, query = '') =>
  call(who, '/api/analytics/page-visit', pageViewBody(who.visitorId, query));
const offersShown = (who: Person) =>
  call(who, '/api/analytics/offer-impression', { placement: 'bridge', offerIds: [offerId] });
const bridgeClick = (who: Person, clickId: string) =>
  call(who, '/api/affiliate-offers/click', { offerId, clickId });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a click bot through the gateway', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let pipeline: GatewayPipeline;
  let sent = 0;
  const peopleClickIds = people.map(() => randomUUID());
  const botClickIds = Array.from({ length: botClicks }, () => randomUUID());
  let epcOfPeopleAlone = 0;

  const send = async (calls: TrackingCall[]) => {
    await pipeline.send(calls);
    sent += calls.length;
    await pipeline.applied(sent);
  };
  const postback = async (clickId: string, transactionId: string, payout: string) => {
    const query = new URLSearchParams({
      click_id: clickId,
      transaction_id: transactionId,
      payout,
      currency: 'RON',
      token,
    });
    const response = await fetch(`${pipeline.base}/api/postback?${query.toString()}`, {
      headers: { 'x-forwarded-for': '192.0.2.200', 'user-agent': 'NetworkPostback/1.0' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const offerRow = async () =>
    (await pipeline.read<AffiliateStatsRow[]>('/api/analytics/affiliate-stats?days=7')).find(
      (r) => r.offerId === offerId,
    )!;
  /** Every figure the story moves, as the dashboard reads it, and each stored click's verdict. */
  const everything = async () => ({
    offer: await offerRow(),
    byDay: await pipeline.read<ConversionsByDayRow[]>('/api/analytics/conversions-by-day?days=7'),
    campaigns: await pipeline.read<CampaignRow[]>('/api/analytics/campaigns?days=7'),
    traffic: await pipeline.read<TrafficSourceRow[]>('/api/analytics/traffic-sources?days=7'),
    overview: await pipeline.read<object>('/api/analytics/overview'),
    clicks: await database.db
      .selectFrom('affiliate_clicks')
      .select(['click_id', 'suspicious', 'suspicion_reasons'])
      .orderBy('clicked_at')
      .execute(),
  });

  it.beforeAll(async ({ database: fileDatabase, bus }) => {
    database = fileDatabase;
    testBus = bus;
    pipeline = await startGatewayPipeline({
      db: database.db,
      bus: bus.bus,
      timeZone: tz,
      groupId: 'click-bot',
      postbackToken: token,
      analytics: { revenueCurrency: 'RON' },
    });

    // Two people: a page view, the bridge showing the offer, a click a moment later; H1's click converts.
    await send([...people.map((p) => pageView(p)), ...people.map(offersShown)]);
    await sleep(1_000);
    await send(people.map((p, i) => bridgeClick(p, peopleClickIds[i]!)));
    await postback(peopleClickIds[0]!, 'TX-H1', '20.00');
    epcOfPeopleAlone = (await offerRow()).epc;

    // The bot: one address, a browser's User-Agent, a landing from a campaign, the bridge showing the offer,
    // then twenty clicks on it in ten seconds, each with a click id of its own; a network pays for one.
    await send([pageView(bot, '?utm_source=ads&utm_campaign=clickfarm'), offersShown(bot)]);
    for (const clickId of botClickIds) {
      const response = await pipeline.post(bridgeClick(bot, clickId));
      expect(response.status).toBe(202);
      await sleep(botPaceMs);
    }
    sent += botClicks;
    await pipeline.applied(sent);
    await postback(botClickIds[9]!, 'TX-FARM', '100.00');
  }, 120_000);

  afterAll(async () => {
    await pipeline?.close();
  });

  it("flags at least 15 of the bot's 20 clicks, with their reasons, and none of the people's", async () => {
    const { clicks } = await everything();
    const verdictOf = new Map(clicks.map((c) => [c.click_id, c]));
    for (const clickId of peopleClickIds)
      expect(verdictOf.get(clickId)).toMatchObject({ suspicious: false, suspicion_reasons: [] });
    const botVerdicts = botClickIds.map((id) => verdictOf.get(id)!);
    const flagged = botVerdicts.filter((v) => v.suspicious);
    expect(flagged.length).toBeGreaterThanOrEqual(15);
    // From the second on, each is a repeat on the offer; from the seventh on, past 6 a minute from the
    // bot's visitor key and its network alike.
    for (const v of botVerdicts.slice(1)) expect(v.suspicion_reasons).toContain('repeated_offer_click');
    for (const v of botVerdicts.slice(6))
      expect(v.suspicion_reasons).toEqual(
        expect.arrayContaining(['visitor_click_rate', 'network_click_rate', 'repeated_offer_click']),
      );
  });

  it("counts the bot's clicks as clicks, apart as suspicious, and leaves EPC and CTR as the people made them", async () => {
    const { offer, byDay, clicks } = await everything();
    const flagged = clicks.filter((c) => c.suspicious).length;
    // By hand, from the clean clicks and their conversions: H1's 20.00 over the people's 2 clicks.
    const cleanClicks = people.length;
    const cleanRevenue = 20;
    const epc = cleanRevenue / cleanClicks;
    expect(epc).toBe(10);
    expect(offer).toMatchObject({
      clickCount: cleanClicks + botClicks,
      suspiciousClicks: flagged,
      suspiciousShare: Math.round((flagged / (cleanClicks + botClicks)) * 1000) / 10,
      // Both conversions recorded, the bot's flagged; the revenue is all the networks paid.
      conversions: 2,
      suspiciousConversions: 1,
      revenue: 120,
      epc,
      // Shown to H1, H2 and the bot once each: the clicks that count over the impressions, 2 / 3.
      impressions: 3,
      ctr: 66.7,
    });
    expect(offer.epc).toBe(epcOfPeopleAlone);
    expect(byDay).toEqual([
      expect.objectContaining({ clicks: cleanClicks + botClicks, conversions: 2, revenue: 120, epc }),
    ]);
    const stored = await database.db
      .selectFrom('offer_conversions')
      .select(['transaction_id', 'suspicious_click'])
      .orderBy('transaction_id')
      .execute();
    expect(stored).toEqual([
      { transaction_id: 'TX-FARM', suspicious_click: true },
      { transaction_id: 'TX-H1', suspicious_click: false },
    ]);
  });

  it("shows the suspicious share of the bot's campaign and traffic source", async () => {
    const { campaigns, traffic, clicks } = await everything();
    const flagged = clicks.filter((c) => c.suspicious).length;
    expect(campaigns).toEqual([
      expect.objectContaining({
        campaign: 'clickfarm',
        visitors: 1,
        clicks: botClicks,
        suspiciousClicks: flagged,
        suspiciousShare: (flagged / botClicks) * 100,
      }),
    ]);
    // The people's direct source: their two clean clicks; the bot's campaign source: its twenty.
    const direct = traffic.find((r) => r.source === 'direct')!;
    expect(direct).toMatchObject({ count: 2, suspiciousClicks: 0, suspiciousShare: 0 });
    const farm = traffic.find((r) => r.source !== 'direct')!;
    expect(farm).toMatchObject({
      count: 1,
      suspiciousClicks: flagged,
      suspiciousShare: (flagged / botClicks) * 100,
    });
  });

  it('changes no count when every click envelope is delivered again', async () => {
    const before = await everything();
    const envelopes = await readTopic(testBus.topicPrefix, topics.affiliateClick, {
      expect: people.length + botClicks,
      timeoutMs: 15_000,
    });
    expect(envelopes).toHaveLength(people.length + botClicks);
    const applied = pipeline.aggregator.healthcheck().eventsApplied;
    for (const e of envelopes)
      await testBus.bus.publishRaw(topics.affiliateClick, 'replay', JSON.stringify(e));
    // The replay was delivered: the aggregator applied every envelope again…
    await eventually(
      async () => expect(pipeline.aggregator.healthcheck().eventsApplied).toBe(applied + envelopes.length),
      { timeoutMs: 30_000 },
    );
    // …and nothing moved: no click judged again, no figure counted twice.
    expect(await everything()).toEqual(before);
  });
});
