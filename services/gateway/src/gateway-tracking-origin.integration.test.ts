// Only our own pages are counted: a tracking call must come from the site's pages —
// `Sec-Fetch-Site: same-origin`, an `Origin` of the public origin, or (a beacon with neither) a `Referer` of
// it — else 403 in the error shape and nothing reaches the tracking service; the visitor socket likewise.
// The tracking budget is per IPv4 address and per IPv6 /64.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from './app';
import { routeTable } from './route-table';
import { handshake } from './test-sockets';
import { startEchoUpstreams } from './test-support';

const publicBaseUrl = 'https://bodymetrics.example';
let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
let tracking: FastifyInstance;
/** Every request the tracking service received, as `METHOD url`. */
const reached: string[] = [];
const gateways: Gateway[] = [];
let gateway: Gateway;
let baseUrl: string;

let trackingUrl = '';

const gatewayWith = async (options: Partial<Parameters<typeof buildGateway>[0]> = {}) => {
  const g = await buildGateway({
    upstreams: { ...echoes.upstreams, tracking: trackingUrl },
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
    publicBaseUrl,
    ...options,
  });
  gateways.push(g);
  return g;
};

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  // A tracking stand-in that records what reached it and accepts it as the real one does (202).
  tracking = Fastify();
  tracking.removeAllContentTypeParsers();
  tracking.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  tracking.all('/*', async (request, reply) => {
    reached.push(`${request.method} ${request.url}`);
    return reply.code(202).send({ accepted: true });
  });
  trackingUrl = await tracking.listen({ host: '127.0.0.1', port: 0 });
  gateway = await gatewayWith();
  baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await tracking?.close();
  await echoes?.close();
});

const refused = {
  error: {
    code: 'cross_origin_refused',
    message:
      'origin: this request must come from the site itself (Sec-Fetch-Site: same-origin or its Origin)',
  },
};

const trackingCalls: [string, string][] = [
  ['/api/analytics/page-visit', 'text/plain'],
  ['/api/journey/track', 'application/json'],
  ['/api/affiliate-offers/3/click', 'application/json'],
  ['/api/analytics/affiliate-click', 'application/json'],
  ['/api/analytics/session-duration', 'text/plain'],
  ['/api/session/store', 'text/plain'],
  ['/api/affiliate-offers/click', 'application/json'],
  ['/api/analytics/offer-impression', 'application/json'],
];

const post = (g: Gateway, url: string, contentType: string, headers: Record<string, string>) =>
  g.inject({ method: 'POST', url, headers: { 'content-type': contentType, ...headers }, payload: '{}' });

describe('tracking routes', () => {
  it('are all held to the same-origin rule, with the Referer standing in on them only', () => {
    const tracked = routeTable.filter((r) => r.upstream === 'tracking');
    expect(tracked).toHaveLength(8);
    for (const route of tracked) expect(route).toMatchObject({ sameOrigin: true, refererProves: true });
    expect(routeTable.filter((r) => r.refererProves).every((r) => r.upstream === 'tracking')).toBe(true);
  });

  it.each(trackingCalls)(
    '%s from another site, a sibling origin, another port or with no proof is refused with 403 and never reaches tracking',
    async (url, contentType) => {
      reached.length = 0;
      for (const headers of <Record<string, string>[]>[
        {},
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'none' },
        { origin: 'https://attacker.test' },
        { origin: 'https://evil.bodymetrics.example', 'sec-fetch-site': 'same-site' },
        { origin: 'https://bodymetrics.example:8443' }, // another port is another origin
        { origin: 'http://bodymetrics.example' }, // another scheme too
        { origin: 'null' },
        { referer: 'https://attacker.test/page' },
        { referer: 'https://bodymetrics.example.attacker.test/' },
        // A browser that sends Fetch Metadata or Origin is believed: the Referer cannot overrule them.
        { 'sec-fetch-site': 'cross-site', referer: `${publicBaseUrl}/` },
        { origin: 'https://attacker.test', referer: `${publicBaseUrl}/` },
        { referer: 'not a url' },
      ]) {
        const res = await post(gateway, url, contentType, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json()).toEqual(refused);
      }
      expect(reached).toEqual([]);
    },
  );

  it.each(trackingCalls)(
    '%s from our own pages is passed on (Sec-Fetch-Site, Origin, or a beacon with only a Referer)',
    async (url, contentType) => {
      reached.length = 0;
      const proofs: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin' },
        { origin: publicBaseUrl },
        { origin: publicBaseUrl, 'sec-fetch-site': 'same-origin' },
        { referer: `${publicBaseUrl}/` },
        { referer: `${publicBaseUrl}/legal/privacy?x=1` },
      ];
      for (const headers of proofs) {
        const res = await post(gateway, url, contentType, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(202);
      }
      expect(reached).toEqual(proofs.map(() => `POST ${url}`));
    },
  );

  it('the admin routes do not take a Referer as proof', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json', referer: `${publicBaseUrl}/admin/` },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });
});

describe('the tracking budget', () => {
  const visit = (g: Gateway, clientAddress: string) =>
    g.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': clientAddress,
      },
      payload: '{}',
    });

  it('is one per IPv6 /64: two addresses of one /64 share it, another /64 has its own', async () => {
    // Behind one load balancer (the inject's own address): X-Forwarded-For is the visitor's address.
    const g = await gatewayWith({ rateLimit: { max: 2 }, trustProxy: '127.0.0.1' });
    expect((await visit(g, '2001:db8:abcd:12::1')).statusCode).toBe(202);
    expect((await visit(g, '2001:db8:abcd:12:ffff:1:2:3')).statusCode).toBe(202);
    const limited = await visit(g, '2001:db8:abcd:12::99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await visit(g, '2001:db8:abcd:13::1')).statusCode).toBe(202);
  });

  it("is not spent by refused cross-site calls (a foreign page cannot use up a visitor's budget)", async () => {
    const g = await gatewayWith({ rateLimit: { max: 1 }, trustProxy: '127.0.0.1' });
    for (let i = 0; i < 3; i++) {
      const foreign = await g.inject({
        method: 'POST',
        url: '/api/analytics/page-visit',
        headers: {
          'content-type': 'text/plain',
          'sec-fetch-site': 'cross-site',
          'x-forwarded-for': '198.51.100.40',
        },
        payload: '{}',
      });
      expect(foreign.statusCode).toBe(403);
    }
    expect((await visit(g, '198.51.100.40')).statusCode).toBe(202);
  });

  it('is one per IPv4 address (a neighbour in the same /24 has its own)', async () => {
    const g = await gatewayWith({ rateLimit: { max: 1 }, trustProxy: '127.0.0.1' });
    expect((await visit(g, '203.0.113.5')).statusCode).toBe(202);
    expect((await visit(g, '203.0.113.5')).statusCode).toBe(429);
    expect((await visit(g, '::ffff:203.0.113.5')).statusCode).toBe(429);
    expect((await visit(g, '203.0.113.6')).statusCode).toBe(202);
  });
});

describe('the visitor socket', () => {
  const wsUrl = () => `${baseUrl}/analytics-ws`;

  it('from another site, a sibling origin or another port is refused with 403', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://attacker.test' },
      { origin: 'https://evil.bodymetrics.example', 'sec-fetch-site': 'same-site' },
      { origin: 'https://bodymetrics.example:8443' },
      { origin: 'null' },
    ]) {
      const res = await handshake(wsUrl(), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body)).toEqual(refused);
    }
  });

  it('with no Origin at all (not a browser on our pages) is refused too', async () => {
    const res = await handshake(wsUrl());
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual(refused);
  });

  it('from our own page opens', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: publicBaseUrl },
      { 'sec-fetch-site': 'same-origin' },
    ]) {
      const res = await handshake(wsUrl(), headers);
      expect(res.status).toBe(101);
      res.socket!.destroy();
    }
  });
});
