// The per-IP budget of the tracking routes: in memory for one gateway, in Redis (real server) so that
// several gateway instances count together.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, uniqueTag } from '@bodymetrics/testing';
import { buildGateway, type Gateway } from './app';
import { startEchoUpstreams } from './test-support';

let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
let redis: Redis;
const gateways: Gateway[] = [];

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  redis = new Redis(testInfra().redisUrl);
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await echoes?.close();
  redis?.disconnect();
});

const gatewayWith = async (options: Partial<Parameters<typeof buildGateway>[0]>) => {
  const g = await buildGateway({
    upstreams: echoes.upstreams,
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
    ...options,
  });
  gateways.push(g);
  return g;
};

// Every call as the site's own page sends it: tracking takes our own pages only.
const ownPage = { 'sec-fetch-site': 'same-origin' };

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const pageVisit = (g: Gateway, remoteAddress: string, userAgent = chrome, visitorId = 'v') =>
  g.inject({
    method: 'POST',
    url: '/api/analytics/page-visit',
    remoteAddress,
    headers: { ...ownPage, 'user-agent': userAgent },
    payload: { visitorId },
  });

describe('tracking rate limit', () => {
  it('answers 429 in the error shape once an address used up its budget, across all tracking routes', async () => {
    const g = await gatewayWith({ rateLimit: { max: 3 } });
    const ip = '203.0.113.10';
    expect((await pageVisit(g, ip)).statusCode).toBe(200);
    expect(
      (
        await g.inject({
          method: 'POST',
          url: '/api/journey/track',
          remoteAddress: ip,
          headers: ownPage,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await g.inject({
          method: 'POST',
          url: '/api/affiliate-offers/3/click',
          remoteAddress: ip,
          headers: ownPage,
        })
      ).statusCode,
    ).toBe(200);

    const limited = await pageVisit(g, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^Rate limit exceeded/) },
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['content-security-policy']).toBeDefined();
  });

  it('counts each address on its own and leaves the other routes alone', async () => {
    const g = await gatewayWith({ rateLimit: { max: 1 } });
    expect((await pageVisit(g, '198.51.100.1')).statusCode).toBe(200);
    expect((await pageVisit(g, '198.51.100.1')).statusCode).toBe(429);
    expect((await pageVisit(g, '198.51.100.2')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await g.inject({
        method: 'GET',
        url: '/api/affiliate-offers/all',
        remoteAddress: '198.51.100.1',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('shares the count between gateway instances through Redis', async () => {
    const prefix = `bm-test:gateway-rl:${uniqueTag()}:`;
    const first = await gatewayWith({ rateLimit: { max: 2, redisKeyPrefix: prefix }, redis });
    const second = await gatewayWith({ rateLimit: { max: 2, redisKeyPrefix: prefix }, redis });
    const ip = '192.0.2.77';
    expect((await pageVisit(first, ip)).statusCode).toBe(200);
    expect((await pageVisit(second, ip)).statusCode).toBe(200);
    expect((await pageVisit(first, ip)).statusCode).toBe(429);
    expect((await pageVisit(second, ip)).statusCode).toBe(429);
    expect(await redis.keys(`${prefix}*`)).not.toHaveLength(0);
    await redis.del(...(await redis.keys(`${prefix}*`)));
  });

  it('gives each browser (network and User-Agent) a person’s budget within its network’s: a script inventing visitor ids meets it, the next browser on the network does not', async () => {
    const g = await gatewayWith({ rateLimit: { max: 100, perBrowserMax: 3 } });
    const ip = '203.0.113.30';
    for (const id of ['a', 'b', 'c']) expect((await pageVisit(g, ip, chrome, id)).statusCode).toBe(200);
    const refused = await pageVisit(g, ip, chrome, 'd');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another browser behind the same address (an office, a carrier's NAT) has its own.
    expect((await pageVisit(g, ip, firefox)).statusCode).toBe(200);
    // A network's postback is no browser: only the network's budget counts it.
    const postback = await g.inject({
      method: 'GET',
      url: '/api/postback?click_id=x&transaction_id=t&payout=1&token=k',
      remoteAddress: ip,
      headers: { 'user-agent': chrome },
    });
    expect(postback.statusCode).toBe(200);
  });

  it('counts a browser’s budget across gateway instances through Redis too', async () => {
    const prefix = `bm-test:gateway-rl:${uniqueTag()}:`;
    const options = { rateLimit: { max: 100, perBrowserMax: 2, redisKeyPrefix: prefix }, redis };
    const first = await gatewayWith(options);
    const second = await gatewayWith(options);
    const ip = '192.0.2.78';
    expect((await pageVisit(first, ip)).statusCode).toBe(200);
    expect((await pageVisit(second, ip)).statusCode).toBe(200);
    expect((await pageVisit(first, ip)).statusCode).toBe(429);
    expect((await pageVisit(second, ip, firefox)).statusCode).toBe(200);
    await redis.del(...(await redis.keys(`${prefix}*`)));
  });
});
