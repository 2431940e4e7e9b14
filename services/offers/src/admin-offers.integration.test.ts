// The operator's offer management against a real Postgres: 401 without a session and
// nothing stored, 400 naming the field (https only), create / edit / deactivate each writing its change
// record (admin and field → {from, to}) in the same transaction, and the public list following at once.
import { describe, expect } from 'vitest';
import type { AdminOffer } from '@bodymetrics/contracts';
import { seedAffiliateOffers, seedContent, type Db } from '@bodymetrics/db';
import type { buildApp } from './app';
import { it, seedAdminSession } from './test-support';

const newOffer = {
  title: 'TrendLine Smart Scale',
  description: 'A Wi-Fi scale that charts weight over weeks.',
  url: 'https://shop.trendline-scales.example.com/products/new-scale?ref=bodymetrics',
  imageUrl: 'https://cdn.example.com/scale.png',
  bmiCategory: 'Overweight',
  goal: 'wellness',
  ctaLabel: 'See Product Details',
  disclaimer: 'Sponsored link. We may earn a commission at no extra cost to you.',
  evidenceBased: false,
  active: true,
};

type ErrorBody = { error: { code: string; message: string; details?: Array<{ field: string }> } };

describe('the offer management routes', () => {
  let operator: Awaited<ReturnType<typeof seedAdminSession>>;

  it.beforeAll(async ({ database }) => {
    operator = await seedAdminSession(database.db);
  });

  const countOffers = async (db: Db) =>
    (
      await db
        .selectFrom('affiliate_offers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  describe('without a valid session', () => {
    it.for([
      ['GET', '/api/admin/offers', undefined],
      ['POST', '/api/admin/offers', newOffer],
      ['PATCH', '/api/admin/offers/1', { active: false }],
    ] as const)(
      '%s %s answers 401 and changes nothing',
      async ([method, url, payload], { app, database }) => {
        const expired = await seedAdminSession(database.db, { expiresInMs: -60_000 });
        const before = await countOffers(database.db);
        for (const headers of [{}, { cookie: expired.cookie }, { cookie: 'bm_admin_session=nope' }]) {
          const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
          expect(res.statusCode).toBe(401);
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.json<ErrorBody>().error.code).toBe('unauthorized');
        }
        expect(await countOffers(database.db)).toBe(before);
        const active = await database.db
          .selectFrom('affiliate_offers')
          .select('active')
          .where('id', '=', 1)
          .executeTakeFirst();
        expect(active?.active).toBe(true);
        const changes = await database.db.selectFrom('offer_changes').selectAll().execute();
        expect(changes).toEqual([]);
      },
    );
  });

  describe('POST /api/admin/offers', () => {
    it.for([
      ['url', { url: 'http://shop.example.com/x' }],
      ['url', { url: 'javascript:alert(1)' }],
      ['url', { url: '/relative' }],
      ['imageUrl', { imageUrl: 'http://cdn.example.com/x.png' }],
      ['bmiCategory', { bmiCategory: 'Thin' }],
      ['goal', { goal: 'bulk' }],
      // The pages never show a weight-loss offer to an underweight result.
      ['goal', { bmiCategory: 'Underweight', goal: 'weight_loss' }],
      ['title', { title: '   ' }],
      ['ctaLabel', { ctaLabel: 'x'.repeat(61) }],
      ['evidenceBased', { evidenceBased: 'yes' }],
      ['active', { active: undefined }],
    ] as const)(
      'answers 400 naming %s for %j and stores nothing',
      async ([field, change], { app, database }) => {
        const before = await countOffers(database.db);
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/offers',
          headers: { cookie: operator.cookie },
          payload: { ...newOffer, ...change },
        });
        expect(res.statusCode).toBe(400);
        const body = res.json<ErrorBody>();
        expect(body.error.code).toBe('validation_error');
        expect(body.error.message).toMatch(new RegExp(`^${field}: `));
        expect(body.error.details?.[0]?.field).toBe(field);
        expect(await countOffers(database.db)).toBe(before);
      },
    );

    it('creates the offer and records who created it with every field', async ({ app, database }) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/offers',
        headers: { cookie: operator.cookie },
        payload: newOffer,
      });
      expect(res.statusCode).toBe(200);
      const created = res.json<AdminOffer>();
      expect(created).toMatchObject({ ...newOffer, id: expect.any(Number), clicks: 0 });
      expect(created.changes).toHaveLength(1);
      expect(created.changes[0]).toMatchObject({ adminUsername: operator.username });
      expect(created.changes[0]?.changes).toEqual({
        ...Object.fromEntries(Object.entries(newOffer).map(([k, v]) => [k, { from: null, to: v }])),
        // Left out of the body: no cap.
        dailyClickCap: { from: null, to: null },
      });
      const stored = await database.db
        .selectFrom('offer_changes')
        .select(['admin_id', 'offer_id'])
        .where('offer_id', '=', created.id)
        .execute();
      expect(stored).toEqual([{ admin_id: operator.adminId, offer_id: created.id }]);

      const list = (await app.inject({ method: 'GET', url: '/api/affiliate-offers/all' })).json<
        Array<Record<string, unknown>>
      >();
      expect(list.find((o) => o.id === created.id)).toMatchObject({
        ctaLabel: newOffer.ctaLabel,
        disclaimer: newOffer.disclaimer,
        evidenceBased: false,
        url: newOffer.url,
        affiliateUrl: newOffer.url,
      });
    });
  });

  describe('PATCH /api/admin/offers/:id', () => {
    const create = async (app: ReturnType<typeof buildApp>, title: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/admin/offers',
          headers: { cookie: operator.cookie },
          payload: { ...newOffer, title, url: `${newOffer.url}&t=${encodeURIComponent(title)}` },
        })
      ).json<AdminOffer>();

    it('edits the given fields and records each one from → to, with the admin', async ({ app, database }) => {
      const offer = await create(app, 'To edit');
      const editor = await seedAdminSession(database.db);
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${offer.id}`,
        headers: { authorization: `Bearer ${editor.sessionId}` },
        payload: { ctaLabel: 'Explore Ingredients', disclaimer: '', evidenceBased: true, title: 'To edit' },
      });
      expect(res.statusCode).toBe(200);
      const edited = res.json<AdminOffer>();
      expect(edited).toMatchObject({ ctaLabel: 'Explore Ingredients', disclaimer: '', evidenceBased: true });
      expect(new Date(edited.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(offer.updatedAt).getTime(),
      );
      // Newest first; the unchanged title is not recorded.
      expect(edited.changes).toHaveLength(2);
      expect(edited.changes[0]).toMatchObject({
        adminUsername: editor.username,
        changes: {
          ctaLabel: { from: 'See Product Details', to: 'Explore Ingredients' },
          disclaimer: { from: newOffer.disclaimer, to: '' },
          evidenceBased: { from: false, to: true },
        },
      });
      expect(Object.keys(edited.changes[0]!.changes).sort()).toEqual([
        'ctaLabel',
        'disclaimer',
        'evidenceBased',
      ]);
      const rows = await database.db
        .selectFrom('offer_changes')
        .select('admin_id')
        .where('offer_id', '=', offer.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.admin_id)).toEqual([operator.adminId, editor.adminId]);
    });

    it('deactivates and reactivates: the public list drops and regains it at once; the admin list keeps it', async ({
      app,
    }) => {
      const offer = await create(app, 'To switch off');
      const publicIds = async () =>
        (await app.inject({ method: 'GET', url: '/api/affiliate-offers/all' }))
          .json<Array<{ id: number }>>()
          .map((o) => o.id);
      expect(await publicIds()).toContain(offer.id);

      const off = await app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${offer.id}`,
        headers: { cookie: operator.cookie },
        payload: { active: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json<AdminOffer>().changes[0]?.changes).toEqual({ active: { from: true, to: false } });
      expect(await publicIds()).not.toContain(offer.id);
      const all = (
        await app.inject({ method: 'GET', url: '/api/admin/offers', headers: { cookie: operator.cookie } })
      ).json<AdminOffer[]>();
      expect(all.find((o) => o.id === offer.id)).toMatchObject({ active: false, title: 'To switch off' });

      await app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${offer.id}`,
        headers: { cookie: operator.cookie },
        payload: { active: true },
      });
      expect(await publicIds()).toContain(offer.id);
    });

    it('records nothing for a patch that changes nothing', async ({ app, database }) => {
      const offer = await create(app, 'Unchanged');
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${offer.id}`,
        headers: { cookie: operator.cookie },
        payload: { title: 'Unchanged', active: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<AdminOffer>().changes).toHaveLength(1);
      const count = await database.db
        .selectFrom('offer_changes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('offer_id', '=', offer.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it.for([
      ['url', { url: 'http://shop.example.com/' }],
      ['imageUrl', { imageUrl: 'ftp://cdn.example.com/x.png' }],
      ['goal', { goal: 'bulk' }],
      ['goal', { bmiCategory: 'Underweight', goal: 'weight_loss' }],
      ['(body)', {}],
    ] as const)(
      'answers 400 naming %s for %j and leaves the offer as it was',
      async ([field, patch], { app, database }) => {
        const offer = await create(app, `Bad patch ${field}`);
        const res = await app.inject({
          method: 'PATCH',
          url: `/api/admin/offers/${offer.id}`,
          headers: { cookie: operator.cookie },
          payload: patch,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().error.message).toMatch(
          new RegExp(`^${field.replace(/[()]/g, '\\$&')}: `),
        );
        const row = await database.db
          .selectFrom('affiliate_offers')
          .select(['url', 'image_url', 'goal'])
          .where('id', '=', offer.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ url: offer.url, image_url: offer.imageUrl, goal: offer.goal });
      },
    );

    it('refuses moving an underweight offer to weight_loss, the stored category kept in mind', async ({
      app,
      database,
    }) => {
      const offer = await create(app, 'Underweight shake');
      const toUnderweight = await app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${offer.id}`,
        headers: { cookie: operator.cookie },
        payload: { bmiCategory: 'Underweight', goal: 'muscle_gain' },
      });
      expect(toUnderweight.statusCode).toBe(200);
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/admin/offers/${offer.id}`,
        headers: { cookie: operator.cookie },
        payload: { goal: 'weight_loss' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.details?.[0]?.field).toBe('goal');
      const row = await database.db
        .selectFrom('affiliate_offers')
        .select(['bmi_category', 'goal'])
        .where('id', '=', offer.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ bmi_category: 'Underweight', goal: 'muscle_gain' });
    });

    it('answers 404 for an offer that does not exist and 400 naming id for a malformed one', async ({
      app,
    }) => {
      const missing = await app.inject({
        method: 'PATCH',
        url: '/api/admin/offers/999999',
        headers: { cookie: operator.cookie },
        payload: { active: false },
      });
      expect(missing.statusCode).toBe(404);
      const malformed = await app.inject({
        method: 'PATCH',
        url: '/api/admin/offers/abc',
        headers: { cookie: operator.cookie },
        payload: { active: false },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ErrorBody>().error.details?.[0]?.field).toBe('id');
    });
  });

  describe('GET /api/admin/offers', () => {
    it('lists every offer, active or not, by id, with its clicks and no caching', async ({ app }) => {
      const inactive = await app.inject({
        method: 'POST',
        url: '/api/admin/offers',
        headers: { cookie: operator.cookie },
        payload: { ...newOffer, title: 'Switched off', url: 'https://off.example.com/', active: false },
      });
      expect(inactive.statusCode).toBe(200);
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/offers',
        headers: { cookie: operator.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const offers = res.json<AdminOffer[]>();
      expect(offers.length).toBeGreaterThanOrEqual(seedAffiliateOffers.length);
      expect(offers.map((o) => o.id)).toEqual([...offers.map((o) => o.id)].sort((a, b) => a - b));
      expect(offers.find((o) => o.id === inactive.json<AdminOffer>().id)).toMatchObject({
        title: 'Switched off',
        active: false,
      });
      const first = seedAffiliateOffers[0]!;
      expect(offers[0]).toMatchObject({
        title: first.title,
        url: first.url,
        ctaLabel: first.ctaLabel,
        disclaimer: first.disclaimer,
        evidenceBased: true,
        clicks: 0,
      });
    });
  });

  describe('the seed on the next start', () => {
    it('leaves an offer the operator edited as edited, and does not bring back a link the operator replaced', async ({
      app,
      database,
    }) => {
      const [seeded, replaced] = (
        await app.inject({ method: 'GET', url: '/api/admin/offers', headers: { cookie: operator.cookie } })
      ).json<AdminOffer[]>();
      for (const [offer, patch] of [
        [seeded!, { title: 'Renamed by the operator', ctaLabel: 'Buy' }],
        [replaced!, { url: 'https://partner.example.com/new-link' }],
      ] as const) {
        const res = await app.inject({
          method: 'PATCH',
          url: `/api/admin/offers/${offer.id}`,
          headers: { cookie: operator.cookie },
          payload: patch,
        });
        expect(res.statusCode).toBe(200);
      }
      const result = await seedContent(database.db);
      expect(result).toMatchObject({ offersInserted: 0, offersUpdated: 0 });
      const rows = await database.db
        .selectFrom('affiliate_offers')
        .select(['id', 'title', 'cta_label', 'url'])
        .where('id', 'in', [seeded!.id, replaced!.id])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: seeded!.id, title: 'Renamed by the operator', cta_label: 'Buy', url: seeded!.url },
        {
          id: replaced!.id,
          title: replaced!.title,
          cta_label: replaced!.ctaLabel,
          url: 'https://partner.example.com/new-link',
        },
      ]);
      const copies = await database.db
        .selectFrom('affiliate_offers')
        .select('id')
        .where('url', '=', replaced!.url)
        .execute();
      expect(copies).toEqual([]);
    });
  });
});
