// Offer segments and daily caps against a real Postgres: every BMI category × goal listed (manual at the
// default floor until set), 400 naming the field and nothing stored on bad input, a change recorded like an
// offer's and the shares computed at once, the public list carrying each auto segment's shares (summing to
// 1) and dropping an offer whose clicks of today reached its cap. The figures the shares are computed from
// are written as the aggregator and the postback leave them (the whole path: offer-shares.integration.test.ts
// of the embedded package).
import { describe, expect } from 'vitest';
import {
  bmiCategories,
  goals,
  shiftDate,
  type AdminOffer,
  type AffiliateOffer,
  type OfferSegment,
} from '@bodymetrics/contracts';
import { todayOf, type Db } from '@bodymetrics/db';
import { defaultAnalyticsTimeZone } from '@bodymetrics/service-kit';
import type { buildApp } from './app';
import { cappedOffersListCaching, offersListCaching } from './routes/affiliate-offers';
import { it, seedAdminSession } from './test-support';

type App = ReturnType<typeof buildApp>;
type ErrorBody = { error: { code: string; message: string; details?: Array<{ field: string }> } };

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('offer segments and daily caps', () => {
  let operator: Awaited<ReturnType<typeof seedAdminSession>>;
  let today: string;

  it.beforeAll(async ({ database }) => {
    operator = await seedAdminSession(database.db);
    today = await todayOf(database.db, defaultAnalyticsTimeZone);
  });

  const segments = async (app: App) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/offer-segments',
      headers: { cookie: operator.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json<OfferSegment[]>();
  };
  const put = (app: App, path: string, payload: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/offer-segments/${path}`,
      headers: { cookie: operator.cookie },
      payload,
    });
  const publicList = async (app: App) => {
    const res = await app.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
    expect(res.statusCode).toBe(200);
    return { offers: res.json<AffiliateOffer[]>(), caching: res.headers['cache-control'] };
  };
  const activeIdsOf = async (db: Db, bmiCategory: string, goal: string) =>
    (
      await db
        .selectFrom('affiliate_offers')
        .select('id')
        .where('bmi_category', '=', bmiCategory as 'Normal')
        .where('goal', '=', goal as 'wellness')
        .where('active', '=', true)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);

  it('lists every BMI category × goal, manual at floor 0.1, with its active offers and no share', async ({
    app,
    database,
  }) => {
    const list = await segments(app);
    expect(list.map((s) => `${s.bmiCategory}/${s.goal}`)).toEqual(
      bmiCategories.flatMap((c) => goals.map((g) => `${c}/${g}`)),
    );
    for (const segment of list) {
      expect(segment).toMatchObject({ mode: 'manual', floor: 0.1, changes: [] });
      expect(segment.offers.map((o) => o.offerId).sort((a, b) => a - b)).toEqual(
        await activeIdsOf(database.db, segment.bmiCategory, segment.goal),
      );
      for (const offer of segment.offers) expect(offer.share).toBeNull();
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/offer-segments' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.for([
    ['mode', 'Normal/wellness', { mode: 'automatic' }],
    ['mode', 'Normal/wellness', { floor: 0.2 }],
    ['floor', 'Normal/wellness', { mode: 'auto', floor: 0.6 }],
    ['floor', 'Normal/wellness', { mode: 'auto', floor: 0.01 }],
    ['floor', 'Normal/wellness', { mode: 'auto', floor: '0.2' }],
    ['bmiCategory', 'Thin/wellness', { mode: 'auto' }],
    ['goal', 'Normal/bulk', { mode: 'auto' }],
  ] as const)(
    'answers 400 naming %s (%s, %j) and stores nothing',
    async ([field, path, body], { app, database }) => {
      const res = await put(app, path, body);
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('validation_error');
      expect(error.message).toMatch(new RegExp(`^${field}: `));
      expect(await database.db.selectFrom('offer_segments').selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom('offer_segment_changes').selectAll().execute()).toEqual([]);
    },
  );

  it('switches a segment to auto: recorded with its admin, shares computed at once and served summing to 1', async ({
    app,
    database,
  }) => {
    const [a, b, ...rest] = await activeIdsOf(database.db, 'Overweight', 'weight_loss');
    // Over the window: B converts 10 times as often as A at the same payout; older figures do not count.
    await database.db
      .insertInto('offer_daily_impressions')
      .values([
        { date: today, offer_id: a!, placement: 'bridge', impressions: 150 },
        { date: shiftDate(today, -3), offer_id: a!, placement: 'results', impressions: 50 },
        { date: today, offer_id: b!, placement: 'bridge', impressions: 200 },
        { date: shiftDate(today, -20), offer_id: b!, placement: 'bridge', impressions: 5000 },
        // Shown as often, never converted: an offer never shown would be given every chance (Beta(1, 1)).
        ...rest.map((id) => ({ date: today, offer_id: id, placement: 'results' as const, impressions: 200 })),
      ])
      .execute();
    await database.db
      .insertInto('affiliate_daily_conversions')
      .values([
        { date: today, offer_id: a!, conversions: 2, revenue: '20' },
        { date: today, offer_id: b!, conversions: 20, revenue: '200' },
      ])
      .execute();

    const res = await put(app, 'Overweight/weight_loss', { mode: 'auto' });
    expect(res.statusCode).toBe(200);
    const segment = res.json<OfferSegment>();
    expect(segment).toMatchObject({
      bmiCategory: 'Overweight',
      goal: 'weight_loss',
      mode: 'auto',
      floor: 0.1,
    });
    expect(segment.computedAt).not.toBeNull();
    expect(segment.changes).toHaveLength(1);
    expect(segment.changes[0]).toMatchObject({
      adminUsername: operator.username,
      changes: { mode: { from: 'manual', to: 'auto' } },
    });
    const byId = new Map(segment.offers.map((o) => [o.offerId, o]));
    expect(byId.get(a!)).toMatchObject({
      impressions: 200,
      conversions: 2,
      revenue: 20,
      revenuePerImpression: 0.1,
    });
    expect(byId.get(b!)).toMatchObject({
      impressions: 200,
      conversions: 20,
      revenue: 200,
      revenuePerImpression: 1,
    });
    const best = byId.get(b!)!;
    expect(best.probabilityBest).toBeGreaterThan(0.99);
    expect(best.revenuePerImpressionLow).toBeLessThan(1);
    expect(best.revenuePerImpressionHigh).toBeGreaterThan(1);
    // Every other offer at the floor, and B the rest.
    expect(best.share).toBeCloseTo(1 - 0.1 * (1 + rest.length), 6);
    for (const id of [a!, ...rest]) expect(byId.get(id)!.share).toBeCloseTo(0.1, 6);
    expect(sum(segment.offers.map((o) => o.share!))).toBeCloseTo(1, 9);

    const { offers } = await publicList(app);
    const own = offers.filter((o) => o.bmiCategory === 'Overweight' && o.goal === 'weight_loss');
    expect(sum(own.map((o) => o.share!))).toBeCloseTo(1, 9);
    expect(own.find((o) => o.id === b)!.share).toBeCloseTo(best.share!, 9);
    for (const offer of offers.filter((o) => !own.includes(o))) expect(offer.share).toBeNull();
  });

  it('records a change of floor; setting what is already set records nothing; manual drops the shares', async ({
    app,
    database,
  }) => {
    const floor = await put(app, 'Overweight/weight_loss', { mode: 'auto', floor: 0.2 });
    expect(floor.json<OfferSegment>().changes[0]!.changes).toEqual({ floor: { from: 0.1, to: 0.2 } });
    const again = await put(app, 'Overweight/weight_loss', { mode: 'auto', floor: 0.2 });
    expect(again.json<OfferSegment>().changes).toHaveLength(2);
    const back = await put(app, 'Overweight/weight_loss', { mode: 'manual' });
    const segment = back.json<OfferSegment>();
    expect(segment).toMatchObject({ mode: 'manual', floor: 0.2 });
    expect(segment.changes[0]!.changes).toEqual({ mode: { from: 'auto', to: 'manual' } });
    for (const offer of segment.offers) expect(offer.share).toBeNull();
    const { offers } = await publicList(app);
    for (const offer of offers) expect(offer.share).toBeNull();
    const stored = await database.db.selectFrom('offer_segment_changes').select('admin_id').execute();
    expect(stored).toEqual([1, 2, 3].map(() => ({ admin_id: operator.adminId })));
  });

  describe('daily click caps', () => {
    const patch = (app: App, id: number, payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${id}`,
        headers: { cookie: operator.cookie },
        payload,
      });

    it.for([[0], [-1], [1.5], ['3'], [1_000_001]] as const)(
      'refuses a cap of %j with a 400 naming dailyClickCap',
      async ([cap], { app, database }) => {
        const [id] = await activeIdsOf(database.db, 'Normal', 'wellness');
        const res = await patch(app, id!, { dailyClickCap: cap });
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().error.message).toMatch(/^dailyClickCap: /);
        const row = await database.db
          .selectFrom('affiliate_offers')
          .select('daily_click_cap')
          .where('id', '=', id!)
          .executeTakeFirstOrThrow();
        expect(row.daily_click_cap).toBeNull();
      },
    );

    it("drops an offer once today's clicks reach its cap, its segment's others sharing its place", async ({
      app,
      database,
    }) => {
      const [capped, ...others] = await activeIdsOf(database.db, 'Normal', 'wellness');
      expect((await publicList(app)).caching).toBe(offersListCaching);
      const res = await patch(app, capped!, { dailyClickCap: 3 });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdminOffer>()).toMatchObject({ dailyClickCap: 3 });
      expect(res.json<AdminOffer>().changes[0]!.changes).toEqual({ dailyClickCap: { from: null, to: 3 } });
      await put(app, 'Normal/wellness', { mode: 'auto' });

      const clicks = (date: string, n: number) =>
        database.db
          .insertInto('affiliate_daily_clicks')
          .values({ date, offer_id: capped!, clicks: n, bridge_clicks: n, last_clicked_at: new Date() })
          .onConflict((oc) => oc.columns(['date', 'offer_id']).doUpdateSet({ clicks: n, bridge_clicks: n }))
          .execute();
      // Yesterday's clicks are yesterday's; two of three today leave it listed.
      await clicks(shiftDate(today, -1), 50);
      await clicks(today, 2);
      let list = await publicList(app);
      expect(list.caching).toBe(cappedOffersListCaching);
      expect(list.offers.map((o) => o.id)).toContain(capped);

      await clicks(today, 3);
      list = await publicList(app);
      expect(list.offers.map((o) => o.id)).not.toContain(capped);
      const own = list.offers.filter((o) => o.bmiCategory === 'Normal' && o.goal === 'wellness');
      expect(own.map((o) => o.id)).toEqual(others);
      expect(sum(own.map((o) => o.share!))).toBeCloseTo(1, 9);

      // Lifting the cap brings it back at once.
      await patch(app, capped!, { dailyClickCap: null });
      list = await publicList(app);
      expect(list.offers.map((o) => o.id)).toContain(capped);
      expect(list.caching).toBe(offersListCaching);
    });
  });
});
