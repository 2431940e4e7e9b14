// Offers that rotate themselves, and daily caps, through the gateway in both run modes: the distributed one
// (tracking and offers as apps of their own behind the gateway, Kafka, an aggregator, PostgreSQL) and the
// embedded one (`startEmbedded`: every service in the gateway's process, the in-process bus, PGlite). Forty
// visitors see offers A and B — the only two of one segment — on the bridge; B converts 3× as often as A at the
// same payout (12 and 4 sales, each 10.00). In manual mode neither has a share and the list keeps the
// operator's order; in auto, B's share is at least 0.7 and A keeps the floor. An offer capped at 2 clicks a
// day leaves the list once its second click is counted. Every call is a visitor's, the operator's or a
// network's, as they make them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAggregator } from '@bodymetrics/aggregator';
import {
  defaultShareFloor,
  type AdminOffer,
  type AffiliateOffer,
  type OfferSegment,
} from '@bodymetrics/contracts';
import { seedContent, type Db } from '@bodymetrics/db';
import { buildGateway } from '@bodymetrics/gateway';
import { createAdminWithSession } from '@bodymetrics/live/test-support';
import { buildApp as buildOffers } from '@bodymetrics/offers';
import {
  defaultAnalyticsTimeZone,
  defaultPostbackMaxConversionsPerClick,
  defaultPostbackMaxPayout,
  defaultRevenueCurrency,
} from '@bodymetrics/service-kit';
import { closedPort, createTestBus, createTestDatabase, eventually } from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { startEmbedded } from './embedded';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const postbackToken = 'offer-shares-postback-secret-0123456789';
const timeZone = defaultAnalyticsTimeZone;
const visitors = 40;
/** Visitors who buy A (4 of 40) and B (12 of 40), and who click the capped offer C (2). */
const buyersOfA = [0, 1, 2, 3];
const buyersOfB = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const clickersOfC = [16, 17];
const segment = { bmiCategory: 'Normal', goal: 'muscle_gain' } as const;

interface RunningSystem {
  base: string;
  db: Db;
  close(): Promise<void>;
}

/** Tracking and offers as apps of their own behind the gateway, the aggregator on Kafka, PostgreSQL. */
async function startDistributed(): Promise<RunningSystem> {
  const database = await createTestDatabase('embedded-offer-shares');
  const testBus = await createTestBus('embedded-offer-shares');
  await seedContent(database.db);
  const tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  const offers = buildOffers({
    db: database.db,
    postback: {
      token: postbackToken,
      currency: defaultRevenueCurrency,
      timeZone,
      maxPayout: defaultPostbackMaxPayout,
      maxConversionsPerClick: defaultPostbackMaxConversionsPerClick,
    },
  });
  const down = `http://127.0.0.1:${await closedPort()}`;
  const gateway = await buildGateway({
    upstreams: {
      tracking: await tracking.listen({ host: '127.0.0.1', port: 0 }),
      offers: await offers.listen({ host: '127.0.0.1', port: 0 }),
      reports: down,
      adminAuth: down,
      analytics: down,
      live: down,
    },
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
    // As behind one load balancer: the X-Forwarded-For a test sends is the visitor's address.
    trustProxy: '127.0.0.1',
  });
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 });
  const aggregator = await startAggregator({
    db: database.db,
    bus: testBus.bus,
    timeZone,
    groupId: 'offer-shares',
  });
  return {
    base,
    db: database.db,
    async close() {
      await gateway.close();
      await tracking.close();
      await offers.close();
      await aggregator.shutdown();
      await testBus.cleanup();
      await database.drop();
    },
  };
}

/** `npm start` in this process, on a fresh data folder. */
async function startEmbeddedMode(): Promise<RunningSystem> {
  const root = await mkdtemp(join(tmpdir(), 'bm-offer-shares-'));
  const running = await startEmbedded({
    port: 0,
    dataDir: join(root, 'pgdata'),
    mailDir: join(root, 'mail'),
    log: () => undefined,
    postbackToken,
    // The address a test sends in X-Forwarded-For is the visitor's, as behind one proxy.
    trustProxyHops: 1,
  });
  return {
    base: running.url,
    db: running.db,
    async close() {
      await running.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const modes = { distributed: startDistributed, embedded: startEmbeddedMode };

describe.each(Object.keys(modes) as (keyof typeof modes)[])('offer shares and caps — %s mode', (mode) => {
  let system: RunningSystem;
  let session: string;
  let offerA: AdminOffer;
  let offerB: AdminOffer;
  let offerC: AdminOffer;

  /** A call as a browser on the site makes it, from the visitor's own network. */
  const call = (method: string, path: string, { body, visitor }: { body?: unknown; visitor?: number } = {}) =>
    fetch(system.base + path, {
      method,
      headers: {
        'user-agent': chrome,
        'sec-fetch-site': 'same-origin',
        ...(visitor === undefined ? {} : { 'x-forwarded-for': `198.51.${visitor}.20` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${session}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(response: Promise<Response>, status = 200): Promise<T> => {
    const res = await response;
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const accepted = async (response: Promise<Response>) => {
    const res = await response;
    expect(res.status, await res.text()).toBe(202);
  };
  const publicList = () => json<AffiliateOffer[]>(call('GET', '/api/affiliate-offers/all'));
  const inSegment = (offers: readonly AffiliateOffer[]) =>
    offers.filter((o) => o.bmiCategory === segment.bmiCategory && o.goal === segment.goal);

  const newOffer = (title: string) =>
    json<AdminOffer>(
      call('POST', '/api/admin/offers', {
        body: {
          title,
          description: `${title}, for the simulation.`,
          url: `https://partner.example.com/${encodeURIComponent(title)}?click={clickId}`,
          imageUrl: null,
          ...segment,
          ctaLabel: 'See Product Details',
          disclaimer: '',
          evidenceBased: false,
          active: true,
        },
      }),
    );

  /** One visitor's tab: a page view, then the bridge showing `offers`. */
  const sawBridge = async (visitor: number, offers: number[]) => {
    const tab = { visitorId: `visitor-${visitor}`, sessionId: `tab-${visitor}` };
    await accepted(
      call('POST', '/api/analytics/page-visit', {
        visitor,
        body: {
          ...tab,
          pageUrl: `${system.base}/`,
          referrer: null,
          deviceType: 'desktop',
          browserName: 'Chrome',
          operatingSystem: 'Linux',
          screenResolution: '1920x1080',
          language: 'ro-RO',
          timeZone,
          isReturningVisitor: 0,
          trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
        },
      }),
    );
    await accepted(
      call('POST', '/api/analytics/offer-impression', {
        visitor,
        body: { ...tab, placement: 'bridge', offerIds: offers, storageAllowed: true },
      }),
    );
  };

  /** A click on the bridge with the id the page put in the offer's link. */
  const clicked = async (visitor: number, offerId: number): Promise<string> => {
    const clickId = randomUUID();
    await accepted(
      call('POST', '/api/affiliate-offers/click', {
        visitor,
        body: {
          offerId,
          visitorId: `visitor-${visitor}`,
          sessionId: `tab-${visitor}`,
          storageAllowed: true,
          clickId,
        },
      }),
    );
    return clickId;
  };

  /** The network's server reporting a sale of 10.00 for the click. */
  const sold = async (clickId: string) => {
    const query = new URLSearchParams({
      click_id: clickId,
      transaction_id: `TX-${clickId}`,
      payout: '10.00',
      currency: defaultRevenueCurrency,
      token: postbackToken,
    });
    const res = await fetch(`${system.base}/api/postback?${query.toString()}`, {
      headers: { 'x-forwarded-for': '192.0.2.200', 'user-agent': 'NetworkPostback/1.0' },
    });
    expect(res.status, await res.text()).toBe(200);
  };

  const count = async (table: 'affiliate_clicks' | 'offer_conversions') =>
    Number(
      (
        await system.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    system = await modes[mode]();
    ({ sessionId: session } = await createAdminWithSession(system.db));

    // The segment's shipped offers are switched off: A and B are its only two.
    await system.db
      .updateTable('affiliate_offers')
      .set({ active: false })
      .where('bmi_category', '=', segment.bmiCategory)
      .where('goal', '=', segment.goal)
      .execute();
    offerA = await newOffer('Offer A');
    offerB = await newOffer('Offer B');
    const capped = (await publicList()).find((o) => o.bmiCategory === 'Normal' && o.goal === 'wellness')!;
    offerC = await json<AdminOffer>(
      call('PATCH', `/api/admin/offers/${capped.id}`, { body: { dailyClickCap: 2 } }),
    );

    // Every visitor sees A and B; two of them also see C. A person reads a card before clicking it.
    await Promise.all(
      Array.from({ length: visitors }, (_, v) =>
        sawBridge(v, clickersOfC.includes(v) ? [offerA.id, offerB.id, offerC.id] : [offerA.id, offerB.id]),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const salesOfA = await Promise.all(buyersOfA.map((v) => clicked(v, offerA.id)));
    const salesOfB = await Promise.all(buyersOfB.map((v) => clicked(v, offerB.id)));
    await Promise.all(clickersOfC.map((v) => clicked(v, offerC.id)));

    // A network reports a sale once the click is stored (tracking → bus → aggregator).
    const clicks = buyersOfA.length + buyersOfB.length + clickersOfC.length;
    await eventually(async () => expect(await count('affiliate_clicks')).toBe(clicks), { timeoutMs: 45_000 });
    await Promise.all([...salesOfA, ...salesOfB].map(sold));
    expect(await count('offer_conversions')).toBe(salesOfA.length + salesOfB.length);
    await eventually(
      async () => {
        const shown = await system.db
          .selectFrom('offer_daily_impressions')
          .select(['offer_id', (eb) => eb.fn.sum<string>('impressions').as('n')])
          .where('offer_id', 'in', [offerA.id, offerB.id])
          .groupBy('offer_id')
          .execute();
        expect(shown.map((r) => Number(r.n))).toEqual([visitors, visitors]);
      },
      { timeoutMs: 45_000 },
    );
  }, 180_000);

  afterAll(async () => {
    await system?.close();
  });

  it("in manual mode gives no share and keeps the operator's order, whoever converts more", async () => {
    const own = inSegment(await publicList());
    expect(own.map((o) => [o.id, o.share])).toEqual([
      [offerA.id, null],
      [offerB.id, null],
    ]);
  });

  it('drops the capped offer from the list once its clicks of today reach the cap', async () => {
    await eventually(async () => expect((await publicList()).map((o) => o.id)).not.toContain(offerC.id), {
      timeoutMs: 45_000,
    });
    const stillListed = await publicList();
    expect(
      stillListed.filter((o) => o.bmiCategory === 'Normal' && o.goal === 'wellness').length,
    ).toBeGreaterThan(0);
  });

  it('in auto mode gives B, converting 3× as often, a share of at least 0.7 and A at least the floor', async () => {
    const updated = await json<OfferSegment>(
      call('PUT', `/api/admin/offer-segments/${segment.bmiCategory}/${segment.goal}`, {
        body: { mode: 'auto' },
      }),
    );
    const byId = new Map(updated.offers.map((o) => [o.offerId, o]));
    expect(byId.get(offerA.id)).toMatchObject({ impressions: visitors, conversions: 4, revenue: 40 });
    expect(byId.get(offerB.id)).toMatchObject({ impressions: visitors, conversions: 12, revenue: 120 });

    const own = inSegment(await publicList());
    const shareOf = (id: number) => own.find((o) => o.id === id)!.share!;
    expect(shareOf(offerB.id)).toBeGreaterThanOrEqual(0.7);
    expect(shareOf(offerA.id)).toBeGreaterThanOrEqual(defaultShareFloor - 1e-9);
    expect(shareOf(offerA.id) + shareOf(offerB.id)).toBeCloseTo(1, 9);
  });
});
