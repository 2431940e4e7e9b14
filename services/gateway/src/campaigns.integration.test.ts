// Campaigns through the gateway on real servers: visitors arrive with UTM tags, click
// offers (one click applied before its visitor's first touch), networks post back conversions for some of
// those clicks, and the operator reads the breakdown and its CSV. Every expected figure is counted by hand from the story below (docs/counting.md: Campaigns).
import { afterAll, describe, expect } from 'vitest';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { pageViewBody, startGatewayPipeline, type GatewayPipeline, type TrackingCall } from './test-support';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** Each visitor comes from an address of its own, so each is one daily visitor key. */
const ipOf = (visitor: string) => `203.0.113.${visitor.charCodeAt(0)}`;

const pageVisit = (visitor: string, query: string, ua = chrome): TrackingCall => ({
  path: '/api/analytics/page-visit',
  ua,
  ip: ipOf(visitor),
  body: { ...pageViewBody(visitor, query), userAgent: ua },
});
const click = (visitor: string, offerId: number, clickId?: string): TrackingCall => ({
  path: '/api/affiliate-offers/click',
  ua: chrome,
  ip: ipOf(visitor),
  body: { offerId, visitorId: visitor, sessionId: `session-${visitor}`, ...(clickId ? { clickId } : {}) },
});

/** The click ids the page put in the offers' URLs, for the clicks that convert below. */
const clickIds = {
  A: '0190f000-0000-4000-8000-00000000000a',
  C: '0190f000-0000-4000-8000-00000000000c',
  D: '0190f000-0000-4000-8000-00000000000d',
  E: '0190f000-0000-4000-8000-00000000000e',
};
const postbackToken = 'campaigns-postback-token-0123456789';

/**
 * A: black-friday / cantar, clicks offers 1 and 2. B: black-friday / cantar, two pages, no click.
 * C: black-friday without a term, clicks offer 1. E: no campaign, clicks offer 1 (in no campaign).
 * F: campaign "=1+1" (a formula, for the CSV guard), no click. G: a bot (curl) with black-friday / cantar.
 * D (below, in a second round): spring, whose click is applied BEFORE its first touch.
 * Conversions (postbacks, after the clicks): A's click on offer 2 → 10.50 and C's → 4.25 (black-friday),
 * D's → 5 (spring), E's → 3 (no campaign: in no row). A's transaction is posted twice (one conversion).
 * The first round's page views are in before its clicks; D's click, judged before D's page view was, is
 * suspicious (docs/counting.md: Suspicious click) — and counted in its campaign once the touch arrives.
 */
const firstVisits = [
  pageVisit('A', '?utm_source=newsletter&utm_medium=email&utm_campaign=black-friday&utm_term=cantar'),
  pageVisit('B', '?utm_source=newsletter&utm_campaign=black-friday&utm_term=cantar'),
  pageVisit('B', 'legal/privacy'),
  pageVisit('C', '?utm_source=facebook&utm_campaign=black-friday'),
  pageVisit('E', ''),
  pageVisit('F', '?utm_campaign=%3D1%2B1'),
  pageVisit('G', '?utm_campaign=black-friday&utm_term=cantar', 'curl/8.5.0'),
];
const firstClicks = [
  click('A', 1),
  click('A', 2, clickIds.A),
  click('C', 1, clickIds.C),
  click('E', 1, clickIds.E),
];

describe('campaigns through the gateway', () => {
  let database: TestDatabase;
  let pipeline: GatewayPipeline;
  let base: string;
  let bearer: string;
  let sent = 0;

  const send = async (steps: TrackingCall[]) => {
    await pipeline.send(steps);
    sent += steps.length;
    await pipeline.applied(sent);
  };

  it.beforeAll(async ({ database: fileDatabase, bus }) => {
    database = fileDatabase;
    pipeline = await startGatewayPipeline({
      db: database.db,
      bus: bus.bus,
      timeZone: 'Europe/Bucharest',
      groupId: 'campaigns',
      postbackToken,
    });
    ({ base, bearer } = pipeline);

    await send(firstVisits);
    await send(firstClicks);
    // D's click is applied before D's first touch (the page's calls race; the topics are separate).
    await send([click('D', 2, clickIds.D)]);
    await send([pageVisit('D', '?utm_campaign=spring'), pageVisit('D', 'legal/terms')]);

    for (const [visitor, transaction, payout] of [
      ['A', 'TX-A', '10.50'],
      ['A', 'TX-A', '10.50'],
      ['C', 'TX-C', '4.25'],
      ['D', 'TX-D', '5'],
      ['E', 'TX-E', '3'],
    ] as const) {
      const query = new URLSearchParams({
        click_id: clickIds[visitor],
        transaction_id: transaction,
        payout,
        currency: 'RON',
        token: postbackToken,
      });
      const response = await fetch(`${base}/api/postback?${query.toString()}`);
      expect(response.status, await response.clone().text()).toBe(200);
    }
  });

  afterAll(async () => {
    await pipeline?.close();
  });

  const get = (path: string, headers: Record<string, string> = { authorization: `Bearer ${bearer}` }) =>
    fetch(base + path, { headers });

  it('counts first-touch visitors and their clicks per campaign and term', async () => {
    const response = await get('/api/analytics/campaigns?days=7');
    expect(response.status).toBe(200);
    // Most visitors first; then most clicks; then most revenue; then by name.
    expect(await response.json()).toEqual([
      // A and B (B's second page is no second visitor; the bot G is no visitor); A's two clicks, one of which
      // converted (posted twice, counted once)
      {
        campaign: 'black-friday',
        term: 'cantar',
        visitors: 2,
        clicks: 2,
        conversions: 1,
        revenue: 10.5,
        suspiciousClicks: 0,
        suspiciousShare: 0,
      },
      // D, and the click that arrived before D's first touch, converted (5 > 4.25: before C's row); that
      // click came with no page view of D's before it: suspicious, 1 of 1
      {
        campaign: 'spring',
        term: null,
        visitors: 1,
        clicks: 1,
        conversions: 1,
        revenue: 5,
        suspiciousClicks: 1,
        suspiciousShare: 100,
      },
      // C and C's click, converted
      {
        campaign: 'black-friday',
        term: null,
        visitors: 1,
        clicks: 1,
        conversions: 1,
        revenue: 4.25,
        suspiciousClicks: 0,
        suspiciousShare: 0,
      },
      // F, no click. E (no campaign) is in no row, nor its click or its conversion.
      {
        campaign: '=1+1',
        term: null,
        visitors: 1,
        clicks: 0,
        conversions: 0,
        revenue: 0,
        suspiciousClicks: 0,
        suspiciousShare: null,
      },
    ]);
    expect(
      await database.db.selectFrom('campaign_pending_clicks').selectAll().execute(),
      'no click is left waiting once its touch arrived',
    ).toEqual([]);
  });

  it('exports the same rows as CSV with the formula guard', async () => {
    const response = await get('/api/analytics/export/campaigns.csv?days=7');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /bodymetrics-campaigns-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect((await response.text()).replace(/^\uFEFF/, '').split('\n')).toEqual([
      '"campaign","term","visitors","clicks","conversions","revenue"',
      '"black-friday","cantar","2","2","1","10.5"',
      '"spring","","1","1","1","5"',
      '"black-friday","","1","1","1","4.25"',
      // The campaign a visitor's link carried is theirs to choose: a formula is neutralised.
      `"'=1+1","","1","0","0","0"`,
      '',
    ]);
  });

  it('refuses the read and the export without a session, and a bad period naming days', async () => {
    expect((await get('/api/analytics/campaigns?days=7', {})).status).toBe(401);
    expect((await get('/api/analytics/export/campaigns.csv?days=7', {})).status).toBe(401);
    const bad = await get('/api/analytics/campaigns?days=8');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/days/);
  });
});
