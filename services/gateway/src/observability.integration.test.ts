// What an operator reads: one request id in the JSON logs of the gateway and of the service behind it,
// and /metrics on both that moved with the traffic (request counts by route pattern and status) — the
// gateway's on its internal listener only.
import { Writable } from 'node:stream';
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import type { Gateway } from './app';
import { startGatewayOnOffers, type GatewayOnOffers } from './test-support';

/** A pino destination that keeps every JSON line it is given. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** The value of one sample of the exposition text whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

let offers: GatewayOnOffers['offers'];
let gateway: Gateway;
let publicUrl: string;
const gatewayLogs = logCapture();
const offersLogs = logCapture();

it.beforeAll(async ({ database }) => {
  const started = await startGatewayOnOffers(database.db, {
    gateway: gatewayLogs.logger,
    offers: offersLogs.logger,
  });
  ({ gateway, offers } = started);
  publicUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  return () => started.close();
});

describe('request id across the gateway', () => {
  it('logs the same reqId on the gateway and on the service, and answers with it', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/legal/privacy' });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const atGateway = gatewayLogs.lines.filter((l) => l.reqId === id);
    const atOffers = offersLogs.lines.filter((l) => l.reqId === id);
    // fastify's own pair of lines on each side: the request coming in and the answer going out.
    expect(atGateway.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(atOffers.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(atOffers[1]).toMatchObject({ res: { statusCode: 200 } });
    expect(atOffers[0]).toMatchObject({ req: { url: '/api/legal/privacy' } });
  });

  it("keeps a load balancer's request id end to end", async () => {
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/legal/no-such-page',
      headers: { 'x-request-id': 'lb-7f3a9c.1' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c.1');
    expect(offersLogs.lines.filter((l) => l.reqId === 'lb-7f3a9c.1').map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});

describe('/metrics', () => {
  it('is never served on the public port, whoever asks: only on the internal listener', async () => {
    // Behind a load balancer every client's TCP peer is an internal address: it vouches for nobody.
    for (const remoteAddress of ['203.0.113.5', '10.1.2.3', '127.0.0.1']) {
      const res = await gateway.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
    }
    const internalUrl = await gateway.internal.listen({ host: '127.0.0.1', port: 0 });
    expect(new URL(internalUrl).port).not.toBe(new URL(publicUrl).port);
    const scrape = await fetch(`${internalUrl}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await scrape.text()).toMatch(/^# HELP /m);
  });

  it('/readyz on the public port says ready or not and names nothing internal; the detail is internal', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/readyz' });
    // Five of the six services are down in this file.
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready' });
    expect(res.body).not.toMatch(/127\.0\.0\.1|tracking|offers|ECONNREFUSED|fetch failed/);
    const detail = await gateway.internal.inject({ method: 'GET', url: '/readyz' });
    expect(detail.statusCode).toBe(503);
    expect(detail.json()).toMatchObject({ status: 'not_ready', checks: { offers: 'ok' } });
    expect(detail.json<{ checks: Record<string, string> }>().checks.tracking).not.toBe('ok');
  });

  it('counts the proxied requests on the gateway and on the service, by route pattern and status', async () => {
    for (let i = 0; i < 3; i++) await gateway.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
    await gateway.inject({ method: 'GET', url: '/api/legal/Bad_Slug' });

    const atGateway = await gateway.internal.inject({ method: 'GET', url: '/metrics' });
    expect(atGateway.statusCode).toBe(200);
    const g = atGateway.body;
    const gw = { service: 'gateway', method: 'GET' };
    expect(
      sample(g, 'http_requests_total', { ...gw, route: '/api/affiliate-offers/all', status_code: '200' }),
    ).toBe(3);
    expect(sample(g, 'http_requests_total', { ...gw, route: '/api/legal/*', status_code: '400' })).toBe(1);
    expect(
      sample(g, 'http_request_duration_seconds_count', {
        ...gw,
        route: '/api/affiliate-offers/all',
        status_code: '200',
      }),
    ).toBe(3);

    const o = (await offers.inject({ method: 'GET', url: '/metrics' })).body;
    const svc = { service: 'offers', method: 'GET' };
    expect(
      sample(o, 'http_requests_total', { ...svc, route: '/api/affiliate-offers/all', status_code: '200' }),
    ).toBe(3);
    expect(sample(o, 'http_requests_total', { ...svc, route: '/api/legal/:slug', status_code: '400' })).toBe(
      1,
    );
  });
});
