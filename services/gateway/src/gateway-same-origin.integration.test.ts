// CSRF beyond SameSite at the gateway: a state-changing request to an admin route (or to the analytics
// service) and an admin socket must come from the site's own pages — `Sec-Fetch-Site: same-origin` or an
// `Origin` equal to the public origin — else 403 in the error shape, before any service sees it.
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from './app';
import { routeTable } from './route-table';
import { handshake } from './test-sockets';
import { startEchoUpstreams, type EchoedRequest } from './test-support';

const publicBaseUrl = 'https://bodymetrics.example';
let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
let gateway: Gateway;
let baseUrl: string;

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  gateway = await buildGateway({
    upstreams: echoes.upstreams,
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
    publicBaseUrl,
  });
  baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway?.close();
  await echoes?.close();
});

const refused = {
  error: {
    code: 'cross_origin_refused',
    message:
      'origin: this request must come from the site itself (Sec-Fetch-Site: same-origin or its Origin)',
  },
};

const writes: [HTTPMethods, string][] = [
  ['POST', '/api/admin/login'],
  ['POST', '/api/admin/logout'],
  ['POST', '/api/admin/forgot-password'],
  ['POST', '/api/admin/reset-password'],
  ['POST', '/api/analytics/reset-all-data'],
  ['DELETE', '/api/analytics/reset-all-data'],
  ['POST', '/api/admin/offers'],
  ['PATCH', '/api/admin/offers/7'],
  ['PUT', '/api/admin/offer-segments/Normal/wellness'],
  ['POST', '/api/admin/alerts/7/acknowledge'],
  ['POST', '/api/admin/alerts/test'],
  ['PATCH', '/api/admin/alerts/settings'],
  ['POST', '/api/admin/annotations'],
  ['DELETE', '/api/admin/annotations/7'],
  ['POST', '/api/admin/shared-views'],
  ['DELETE', '/api/admin/shared-views/7'],
  ['POST', '/api/shared/Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE/unlock'],
];

describe('state-changing admin requests', () => {
  it('are the routes marked sameOrigin in the route table: every admin, analytics and tracking route', () => {
    const marked = routeTable.filter((r) => r.sameOrigin).map((r) => `${r.upstream} ${r.url}`);
    expect(marked).toEqual([
      'tracking /api/analytics/page-visit',
      'tracking /api/analytics/session-duration',
      'tracking /api/analytics/affiliate-click',
      'tracking /api/journey/track',
      'tracking /api/session/store',
      'tracking /api/affiliate-offers/click',
      'tracking /api/affiliate-offers/:id/click',
      'tracking /api/analytics/offer-impression',
      'offers /api/admin/offers*',
      'offers /api/admin/offer-segments*',
      'analytics /api/shared/:token/unlock',
      'analytics /api/analytics/*',
      'analytics /api/admin/alerts*',
      'analytics /api/admin/annotations*',
      'analytics /api/admin/shared-views*',
      'adminAuth /api/admin/*',
    ]);
  });

  it.each(writes)(
    '%s %s from a sibling origin, another site or with no proof is refused with 403',
    async (method, url) => {
      for (const headers of [
        { origin: 'https://evil.bodymetrics.example', 'sec-fetch-site': 'same-site' },
        { origin: 'http://bodymetrics.example' }, // another scheme is another origin
        { origin: 'https://attacker.test', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
        {},
      ]) {
        const res = await gateway.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json()).toEqual(refused);
      }
    },
  );

  it.each(writes)(
    '%s %s from the site itself passes (Origin, or Sec-Fetch-Site alone)',
    async (method, url) => {
      for (const headers of [{ origin: publicBaseUrl }, { 'sec-fetch-site': 'same-origin' }]) {
        const res = await gateway.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json<EchoedRequest>()).toMatchObject({ method, url });
      }
    },
  );

  it('reads are not held to it (a link or a bookmark opens them)', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/analytics/overview' });
    expect(res.statusCode).toBe(200);
  });

  it('visitor tracking is held to it too (only our own pages are counted)', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      headers: { origin: 'https://elsewhere.test', 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });
});

describe('the admin socket', () => {
  const wsUrl = () => `${baseUrl}/analytics-ws`;

  it.each<[string, string, Record<string, string>]>([
    ['the session cookie', '', { cookie: 'bm_admin_session=s3cret' }],
    ['a bearer token', '', { authorization: 'Bearer s3cret' }],
    ['?role=admin', '?role=admin', {}],
  ])('carrying %s from another origin is refused with 403', async (_name, query, credentials) => {
    const proofs: Record<string, string>[] = [
      { origin: 'https://evil.bodymetrics.example', 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const proof of proofs) {
      const res = await handshake(wsUrl() + query, { ...credentials, ...proof });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual(refused);
    }
    const own = await handshake(wsUrl() + query, { ...credentials, origin: publicBaseUrl });
    expect(own.status).toBe(101);
    own.socket!.destroy();
  });

  it("a visitor's socket without credentials is held to it too (design §8: our own pages only)", async () => {
    const foreign = await handshake(wsUrl(), { origin: 'https://elsewhere.test' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual(refused);
    const own = await handshake(wsUrl(), { origin: publicBaseUrl });
    expect(own.status).toBe(101);
    own.socket!.destroy();
  });
});
