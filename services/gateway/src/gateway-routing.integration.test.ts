// Where each public path goes and what the service behind it receives, with stub services that answer
// with the request they got (one per upstream, so the answer names the service).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { buildGateway, type Gateway } from './app';
import { startEchoUpstreams, unusedUrl, type EchoedRequest } from './test-support';

let gateway: Gateway;
let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  gateway = await buildGateway({
    upstreams: echoes.upstreams,
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
  });
});

let address: string | undefined;
const listening = async () => (address ??= await gateway.listen({ host: '127.0.0.1', port: 0 }));

afterAll(async () => {
  await gateway?.close();
  await echoes?.close();
});

describe('route table', () => {
  it.each<[HTTPMethods, string, string]>([
    ['POST', '/api/analytics/page-visit', 'tracking'],
    ['POST', '/api/analytics/session-duration', 'tracking'],
    ['POST', '/api/analytics/affiliate-click', 'tracking'],
    ['POST', '/api/journey/track', 'tracking'],
    ['POST', '/api/session/store', 'tracking'],
    ['POST', '/api/affiliate-offers/click', 'tracking'],
    ['POST', '/api/affiliate-offers/7/click', 'tracking'],
    ['GET', '/api/affiliate-offers/all', 'offers'],
    ['GET', '/api/legal/terms', 'offers'],
    ['POST', '/api/email-report', 'reports'],
    ['POST', '/api/submit-report', 'reports'],
    ['POST', '/api/contact', 'reports'],
    ['POST', '/api/generate-share-image', 'reports'],
    ['GET', '/api/share-images/abc.png', 'reports'],
    ['GET', '/api/newsletter/unsubscribe?token=t', 'reports'],
    ['POST', '/api/newsletter/unsubscribe', 'reports'],
    ['GET', '/share/abc123', 'reports'],
    ['POST', '/api/admin/login', 'adminAuth'],
    ['POST', '/api/admin/validate-session', 'adminAuth'],
    ['POST', '/api/admin/reset-password', 'adminAuth'],
    ['GET', '/api/admin/offers', 'offers'],
    ['POST', '/api/admin/offers', 'offers'],
    ['PATCH', '/api/admin/offers/7', 'offers'],
    ['GET', '/api/analytics/overview', 'analytics'],
    ['GET', '/api/analytics/daily-stats?days=7', 'analytics'],
    ['POST', '/api/analytics/reset-all-data', 'analytics'],
    ['GET', '/api/journey/funnel-stats?days=30', 'analytics'],
    ['GET', '/api/journey/today-summary', 'analytics'],
    ['GET', '/api/journey/abandonment?days=90', 'analytics'],
    ['GET', '/analytics-ws', 'live'],
  ])('%s %s goes to %s, path and query unchanged', async (method, url, upstream) => {
    // A POST as the site's own page sends it (Chromium's Fetch Metadata): admin writes require it.
    const res = await gateway.inject({
      method,
      url,
      ...(method === 'POST' || method === 'PATCH'
        ? { payload: {}, headers: { 'sec-fetch-site': 'same-origin' } }
        : {}),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EchoedRequest>()).toMatchObject({ upstream, method, url });
  });

  it.each<[HTTPMethods, string]>([
    ['GET', '/api/nowhere'],
    ['POST', '/api/nowhere'],
    ['GET', '/api/journey/track'],
    ['DELETE', '/api/affiliate-offers/all'],
  ])('%s %s is not routed: 404 in the error shape', async (method, url) => {
    const res = await gateway.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: `No route for ${method} ${url}` } });
  });

  it.each(['/api/legal/%2e%2e/admin/login', '/api/analytics/x/../page-visit', '/api/legal/./terms'])(
    'refuses the raw path %s, whose dot segments would reach another path after routing',
    async (path) => {
      // Sent over a real socket: inject() would normalise the path before routing.
      const res = await rawGet(`${await listening()}${path}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        error: { code: 'validation_error', message: 'path: must not contain dot segments' },
      });
    },
  );
});

/** A GET whose path is sent exactly as written (fetch and inject would resolve dot segments first). */
function rawGet(url: string): Promise<{ status: number; body: string }> {
  const { host, port } = new URL(url);
  const path = url.slice(url.indexOf('/', 'http://'.length));
  return new Promise((resolve, reject) => {
    const req = request({ host: host.split(':')[0], port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('what the service receives', () => {
  it('only the client address in X-Forwarded-For (a spoofed one is dropped), a request id, cookie and authorization', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/analytics/overview',
      remoteAddress: '198.51.100.23',
      headers: {
        cookie: 'bm_admin_session=abc',
        authorization: 'Bearer abc',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    const seen = res.json<EchoedRequest>();
    expect(seen.headers['x-forwarded-for']).toBe('198.51.100.23');
    expect(seen.headers.cookie).toBe('bm_admin_session=abc');
    expect(seen.headers.authorization).toBe('Bearer abc');
    const requestId = seen.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(requestId);
  });

  it('keeps the caller’s request id when it has one', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/legal/terms',
      headers: { 'x-request-id': 'lb-4711' },
    });
    expect(res.json<EchoedRequest>().headers['x-request-id']).toBe('lb-4711');
    expect(res.headers['x-request-id']).toBe('lb-4711');
  });

  it('replaces a request id that does not look like one', async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/legal/terms',
      headers: { 'x-request-id': 'a b\tc' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the body byte for byte, including a beacon sent as text/plain', async () => {
    const beacon = '{"visitorId":"v1","sessionDuration":12,"pageUrl":"/"}';
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/analytics/session-duration',
      // Sent as the site's own page sends it (tracking takes our own pages only).
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' },
      payload: beacon,
    });
    const seen = res.json<EchoedRequest>();
    expect(seen.body).toBe(beacon);
    expect(seen.headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('a POST without a body, as the click call sends it', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/affiliate-offers/12/click',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.json<EchoedRequest>()).toMatchObject({ upstream: 'tracking', body: '' });
  });

  it('nothing over 64 KB: 413 in the error shape', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(65 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('payload_too_large');
  });
});

describe('a service that is down', () => {
  it('answers 503 service_unavailable instead of hanging', async () => {
    const down = await unusedUrl();
    const partial = await buildGateway({
      upstreams: { ...echoes.upstreams, offers: down },
      publicDir: '/nonexistent',
      adminDir: '/nonexistent',
    });
    try {
      const res = await partial.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'service_unavailable', message: 'The offers service is unavailable' },
      });
      // The others still answer.
      const legalOk = await partial.inject({ method: 'GET', url: '/api/analytics/overview' });
      expect(legalOk.statusCode).toBe(200);
      // The public /readyz says only that; which service is down is on the internal listener.
      const publicReady = await partial.inject({ method: 'GET', url: '/readyz' });
      expect(publicReady.statusCode).toBe(503);
      expect(publicReady.json()).toEqual({ status: 'not_ready' });
      const ready = await partial.internal.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json<{ checks: Record<string, string> }>().checks).toMatchObject({
        tracking: 'ok',
        analytics: 'ok',
      });
      expect(ready.json<{ checks: Record<string, string> }>().checks.offers).not.toBe('ok');
    } finally {
      await partial.close();
    }
  });

  it('answers 503 for a POST too', async () => {
    const down = await unusedUrl();
    const partial = await buildGateway({
      upstreams: { ...echoes.upstreams, reports: down },
      publicDir: '/nonexistent',
      adminDir: '/nonexistent',
    });
    try {
      const res = await partial.inject({ method: 'POST', url: '/api/contact', payload: { fullName: 'A' } });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('service_unavailable');
    } finally {
      await partial.close();
    }
  });
});

describe('a service that does not answer', () => {
  it('answers 504 gateway_timeout after the configured upstream timeout', async () => {
    // Accepts connections and never replies.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = await buildGateway({
      upstreams: { ...echoes.upstreams, analytics: `http://127.0.0.1:${port}` },
      publicDir: '/nonexistent',
      adminDir: '/nonexistent',
      upstreamTimeoutMs: 200,
    });
    try {
      const res = await slow.inject({ method: 'GET', url: '/api/analytics/overview' });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({
        error: { code: 'gateway_timeout', message: 'The analytics service did not answer in time' },
      });
    } finally {
      await slow.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('health', () => {
  it('is ready when every service answers', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
    expect((await gateway.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      service: 'gateway',
    });
  });
});
