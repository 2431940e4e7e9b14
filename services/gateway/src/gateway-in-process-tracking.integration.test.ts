// Tracking served inside the gateway's process (in-process-service.ts), against a real Kafka and Postgres:
// the routes answer as tracking's own app does (202 with the event on its topic, 400 naming the field, its
// body limit, beacons), and everything the gateway puts in front of the proxied routes still applies to them
// — the per-client budget (429), the same-origin rule (403, before the budget is spent), the security
// headers and the request id.
import { describe, expect } from 'vitest';
import { topics } from '@bodymetrics/contracts';
import { readTopic } from '@bodymetrics/testing';
import { test } from '@bodymetrics/testing/fixtures';
import { inProcessTracking } from '@bodymetrics/tracking';
import { buildGateway } from './app';
import { proxiedBut, startEchoUpstreams, startInProcessGateway } from './test-support';

const publicBaseUrl = 'https://bodymetrics.example';
const ownPage = { 'sec-fetch-site': 'same-origin' };
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const pageVisit = {
  visitorId: 'v-in-process',
  sessionId: 's-1',
  pageUrl: 'https://bodymetrics.example/',
  userAgent: chrome,
  referrer: 'https://www.google.com/',
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Windows',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  trafficSource: { source: 'google', medium: 'organic', referrerDomain: 'www.google.com' },
};
// Each test spends the budget of its own address.
const budget = 3;

const it = test.extend('gateway', { scope: 'file' }, async ({ database, bus }, { onCleanup }) => {
  await database.db
    .insertInto('affiliate_offers')
    .values({
      id: 5,
      title: 'Offer 5',
      description: 'A test offer',
      url: 'https://partner.example.com/offer-5',
      bmi_category: 'Normal',
      goal: 'wellness',
      active: true,
    })
    .execute();
  const { gateway, close } = await startInProcessGateway({
    inProcess: { tracking: inProcessTracking({ bus: bus.bus, ipStorage: 'truncated', db: database.db }) },
    rateLimit: { max: budget },
    publicBaseUrl,
  });
  onCleanup(close);
  return gateway;
});

describe('tracking in the gateway process', () => {
  it('answers 202 and the event is on its topic, stamped with the address the gateway saw', async ({
    gateway,
    bus,
  }) => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      remoteAddress: '203.0.113.77',
      headers: { ...ownPage, 'user-agent': chrome, 'x-request-id': 'lb-7f3a' },
      payload: pageVisit,
    });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json<{ id: string }>();
    // The gateway's request id (the incoming one kept) and its security headers, as on a proxied route.
    expect(response.headers['x-request-id']).toBe('lb-7f3a');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');

    const [message, ...more] = await readTopic(bus.topicPrefix, topics.pageVisit, { expect: 1 });
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      id,
      type: 'page_visit',
      payload: { ...pageVisit, kind: 'visit', ipAddress: '203.0.113.0', isBot: false },
    });
  });

  it('makes a request id when none (or a bad one) came', async ({ gateway }) => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/journey/track',
      remoteAddress: '203.0.113.78',
      headers: { ...ownPage, 'x-request-id': 'no spaces allowed' },
      payload: { visitorId: 'v', sessionId: 's', step: 'landing' },
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the beacons as text/plain, the counter click by its path, and refuses text/plain elsewhere', async ({
    gateway,
  }) => {
    const remoteAddress = '203.0.113.79';
    const beacon = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/session-duration',
      remoteAddress,
      // A beacon from a browser without Fetch Metadata or Origin: the Referer proves it.
      headers: { 'content-type': 'text/plain;charset=UTF-8', referer: `${publicBaseUrl}/rezultate` },
      payload: JSON.stringify({ visitorId: 'v', sessionDuration: 95, pageUrl: '/' }),
    });
    expect(beacon.statusCode, beacon.body).toBe(202);
    const click = await gateway.inject({
      method: 'POST',
      url: '/api/affiliate-offers/5/click',
      remoteAddress,
      headers: ownPage,
    });
    expect(click.statusCode, click.body).toBe(202);
    const notBeacon = await gateway.inject({
      method: 'POST',
      url: '/api/journey/track',
      remoteAddress,
      headers: { ...ownPage, 'content-type': 'text/plain' },
      payload: JSON.stringify({ visitorId: 'v', sessionId: 's', step: 'landing' }),
    });
    expect(notBeacon.statusCode).toBe(415);
  });

  it('answers 400 naming the field, and 413 past tracking’s 16 KB, publishing nothing', async ({
    gateway,
    bus,
  }) => {
    const remoteAddress = '203.0.113.80';
    const bad = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      remoteAddress,
      headers: ownPage,
      payload: { ...pageVisit, visitorId: 'v-refused', deviceType: 'fridge' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('deviceType'),
    });
    expect(bad.headers['x-request-id']).toBeDefined();
    // 17 KB: under the gateway's 64 KB, over tracking's own 16 KB.
    const big = await gateway.inject({
      method: 'POST',
      url: '/api/journey/track',
      remoteAddress,
      headers: ownPage,
      payload: {
        visitorId: 'v-refused',
        sessionId: 's',
        step: 'landing',
        stepData: { x: 'y'.repeat(17_000) },
      },
    });
    expect(big.statusCode).toBe(413);
    const visits = await readTopic(bus.topicPrefix, topics.pageVisit, { expect: 2, timeoutMs: 2000 });
    expect(visits.map((m) => (m.payload as { visitorId: string }).visitorId)).not.toContain('v-refused');
  });

  it('answers 429 once an address spent its budget across the tracking routes; another address goes on', async ({
    gateway,
  }) => {
    const send = (remoteAddress: string, url = '/api/analytics/page-visit') =>
      gateway.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: ownPage,
        payload: url.endsWith('page-visit') ? pageVisit : { visitorId: 'v', sessionId: 's', step: 'landing' },
      });
    const ip = '198.51.100.10';
    expect((await send(ip)).statusCode).toBe(202);
    expect((await send(ip, '/api/journey/track')).statusCode).toBe(202);
    expect((await send(ip)).statusCode).toBe(202);
    const limited = await send(ip, '/api/journey/track');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^Rate limit exceeded/) },
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-request-id']).toBeDefined();
    expect((await send('198.51.100.11')).statusCode).toBe(202);
  });

  it('refuses another site’s calls with 403 before they spend the visitor’s budget', async ({ gateway }) => {
    const ip = '198.51.100.20';
    for (let i = 0; i < budget + 2; i++) {
      const foreign = await gateway.inject({
        method: 'POST',
        url: '/api/analytics/page-visit',
        remoteAddress: ip,
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        payload: pageVisit,
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json<{ error: { code: string } }>().error.code).toBe('cross_origin_refused');
    }
    const beacon = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      remoteAddress: ip,
      headers: { 'content-type': 'text/plain', referer: 'https://evil.example/page' },
      payload: JSON.stringify({ visitorId: 'v', sessionId: 's', pageUrl: '/', action: 'page_leave' }),
    });
    expect(beacon.statusCode).toBe(403);
    // Nothing was counted: our own page still has its whole budget.
    const own = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      remoteAddress: ip,
      headers: ownPage,
      payload: pageVisit,
    });
    expect(own.statusCode).toBe(202);
  });

  it('is ready with tracking in-process, and still proxies the other services', async ({ gateway }) => {
    const ready = await gateway.internal.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<{ checks: Record<string, string> }>().checks).toMatchObject({
      tracking: 'ok',
      offers: 'ok',
    });
    const offers = await gateway.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
    expect(offers.headers['x-upstream']).toBe('offers');
  });
});

describe('a gateway without tracking', () => {
  test('refuses to start with neither a tracking URL nor tracking in-process', async () => {
    const echoes = await startEchoUpstreams();
    const { tracking: _none, ...others } = echoes.upstreams;
    await expect(buildGateway({ upstreams: others })).rejects.toThrow(/tracking/);
    await echoes.close();
  });

  test('refuses an in-process route the route table does not give to tracking (it would skip its flags)', async () => {
    const echoes = await startEchoUpstreams();
    await expect(
      buildGateway({
        upstreams: proxiedBut(echoes.upstreams, { tracking: {} }),
        inProcess: { tracking: { routes: (scope) => void scope.post('/api/unlisted', () => ({})) } },
      }),
    ).rejects.toThrow(/POST \/api\/unlisted is not among tracking's unbudgeted routes in the table/);
    await echoes.close();
  });

  test('refuses a budgeted tracking route offered outside the budget (it would skip the rate limit)', async () => {
    const echoes = await startEchoUpstreams();
    await expect(
      buildGateway({
        upstreams: proxiedBut(echoes.upstreams, { tracking: {} }),
        inProcess: {
          tracking: { routes: (scope) => void scope.post('/api/analytics/page-visit', () => ({})) },
        },
      }),
    ).rejects.toThrow(/POST \/api\/analytics\/page-visit is not among tracking's unbudgeted routes/);
    await echoes.close();
  });
});
