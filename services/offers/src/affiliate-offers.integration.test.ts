import { describe, expect } from 'vitest';
import { bmiCategories, goals } from '@bodymetrics/contracts';
import { seedAffiliateOffers } from '@bodymetrics/db';
import { it } from './test-support';

describe('GET /api/affiliate-offers/all', () => {
  it('lists every seeded offer with all its fields, in id order, cacheable for a minute', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const offers = res.json<Array<Record<string, unknown>>>();
    expect(offers).toHaveLength(seedAffiliateOffers.length);
    const ids = offers.map((o) => o.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const first = seedAffiliateOffers[0]!;
    expect(offers[0]).toEqual({
      id: expect.any(Number),
      title: first.title,
      description: first.description,
      url: first.url,
      affiliateUrl: first.url,
      imageUrl: null,
      bmiCategory: first.bmiCategory,
      goal: first.goal,
      clicks: 0,
      active: true,
      ctaLabel: first.ctaLabel,
      disclaimer: first.disclaimer,
      evidenceBased: true,
      // Every segment starts manual: the operator's order, no share.
      share: null,
    });
  });

  it('offers at least three choices for every BMI category and goal', async ({ app }) => {
    const offers = (await app.inject({ method: 'GET', url: '/api/affiliate-offers/all' })).json<
      Array<{ bmiCategory: string; goal: string }>
    >();
    for (const category of bmiCategories) {
      for (const goal of goals) {
        const matching = offers.filter((o) => o.bmiCategory === category && o.goal === goal);
        expect(matching.length, `${category} × ${goal}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('leaves out offers the operator switched off and shows the click count', async ({ app, database }) => {
    const { db } = database;
    const off = await db
      .insertInto('affiliate_offers')
      .values({
        title: 'Retired offer',
        description: 'Gone.',
        url: 'https://old.example.com/?ref=bodymetrics',
        bmi_category: 'Normal',
        goal: 'wellness',
        active: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clicked = await db
      .insertInto('affiliate_offers')
      .values({
        title: 'Popular offer',
        description: 'Liked.',
        url: 'https://popular.example.com/?ref=bodymetrics',
        image_url: '/images/offers/popular.png',
        bmi_category: 'Obese',
        goal: 'weight_loss',
        clicks: 42,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const offers = (await app.inject({ method: 'GET', url: '/api/affiliate-offers/all' })).json<
      Array<{ id: number; clicks: number; imageUrl: string | null; active: boolean }>
    >();
    expect(offers.find((o) => o.id === off.id)).toBeUndefined();
    expect(offers.find((o) => o.id === clicked.id)).toMatchObject({
      clicks: 42,
      imageUrl: '/images/offers/popular.png',
      active: true,
    });
    expect(offers.every((o) => o.active)).toBe(true);
  });
});
