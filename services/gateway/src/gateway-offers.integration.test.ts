// The gateway in front of the REAL offers service (its own test database, seeded): what a browser gets.
import { describe, expect } from 'vitest';
import { seedAffiliateOffers, seedLegalPages } from '@bodymetrics/db';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { it } from '@bodymetrics/testing/fixtures';
import { buildGateway, type Gateway } from './app';
import { seedAdmin, startGatewayOnOffers, unusedUrl, type BuiltApps } from './test-support';

let gateway: Gateway;
let builds: BuiltApps;

const expectedCsp =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;connect-src 'self';font-src 'self';frame-ancestors 'none';base-uri 'self';form-action 'self';object-src 'none'";

it.beforeAll(async ({ database }) => {
  const started = await startGatewayOnOffers(database.db);
  ({ gateway, builds } = started);
  return () => started.close();
});

describe('gateway → offers', () => {
  it('returns the affiliate offers with their cache header', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const list = res.json<Array<{ title: string; affiliateUrl: string }>>();
    expect(list).toHaveLength(seedAffiliateOffers.length);
    expect(list[0]).toMatchObject({
      title: seedAffiliateOffers[0]!.title,
      affiliateUrl: seedAffiliateOffers[0]!.url,
    });
  });

  it('returns a legal page', async () => {
    const privacy = seedLegalPages.find((p) => p.slug === 'privacy')!;
    const res = await gateway.inject({ method: 'GET', url: '/api/legal/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'privacy', title: 'Privacy Policy', content: privacy.content });
  });

  it("passes the service's own errors through unchanged", async () => {
    const missing = await gateway.inject({ method: 'GET', url: '/api/legal/imprint' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'not_found', message: 'Legal page "imprint" not found' },
    });
    const bad = await gateway.inject({ method: 'GET', url: '/api/legal/NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/^slug: /);
  });
});

describe('gateway → offers: the guardrails beside the offers', () => {
  it('answers the eating-disorder support note the pages show in place of offers below BMI 17.5', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/affiliate-offers/support-note' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ text: string }>().text).toMatch(/eating-disorder support/);
  });

  it('refuses a weight-loss offer for the Underweight category, 400 naming goal, nothing stored', async ({
    database,
  }) => {
    const operator = await seedAdmin(database.db, 'guardrail-operator');
    const count = async () =>
      (await database.db.selectFrom('affiliate_offers').select('id').execute()).length;
    const before = await count();
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/admin/offers',
      headers: { cookie: `${adminSessionCookie}=${operator.session}`, 'sec-fetch-site': 'same-origin' },
      payload: {
        title: 'Crash diet',
        description: 'Lose weight fast.',
        url: 'https://partner.example/crash',
        imageUrl: null,
        bmiCategory: 'Underweight',
        goal: 'weight_loss',
        ctaLabel: 'Learn More',
        disclaimer: '',
        evidenceBased: false,
        active: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details?: { field: string }[] } }>().error.details?.[0]?.field).toBe('goal');
    expect(await count()).toBe(before);
  });
});

describe('security headers', () => {
  it.each([
    ['a proxied API answer', '/api/affiliate-offers/all'],
    ['the public app', '/'],
    ['a client route of the public app', '/legal/terms'],
    ['the admin app', '/admin'],
    ['an error', '/api/nowhere'],
  ])('are on %s', async (_what, url) => {
    const res = await gateway.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toBe(expectedCsp);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks for HSTS only when the public address is https', async () => {
    const down = await unusedUrl();
    const secure = await buildGateway({
      upstreams: {
        tracking: down,
        offers: down,
        reports: down,
        adminAuth: down,
        analytics: down,
        live: down,
      },
      publicDir: builds.publicDir,
      adminDir: builds.adminDir,
      publicBaseUrl: 'https://bodymetrics.example.com',
    });
    try {
      const res = await secure.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
