// GET /metrics as Prometheus scrapes it: the request counter and latency histogram move with traffic,
// by route pattern (not raw URL) and status; each app counts only its own requests.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './app';
import { badRequest } from './http-error';
import { counterOf } from './metrics';

/** The value of one sample line of the exposition text, e.g. `http_requests_total{...} 3`. */
function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const matches = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (matches) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

function demoApp(name = 'demo') {
  const app = createServiceApp({ name });
  app.get(
    '/api/things/:id',
    { schema: { params: z.object({ id: z.string().regex(/^\d+$/) }) } },
    (request) => {
      if (request.params.id === '0') throw badRequest('id', 'must not be 0');
      return { id: request.params.id };
    },
  );
  return app;
}

describe('/metrics', () => {
  it('counts requests by route pattern and status, and times them', async () => {
    const app = demoApp();
    for (const id of ['1', '2', '3']) await app.inject(`/api/things/${id}`);
    await app.inject('/api/things/0');
    await app.inject('/api/things/abc');
    await app.inject('/no/such/route');

    const scrape = await app.inject('/metrics');
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    const route = { service: 'demo', route: '/api/things/:id' };
    expect(sampleValue(text, 'http_requests_total', { ...route, status_code: '200' })).toBe(3);
    expect(sampleValue(text, 'http_requests_total', { ...route, status_code: '400' })).toBe(2);
    expect(sampleValue(text, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_count', { ...route, status_code: '200' })).toBe(
      3,
    );
    expect(
      sampleValue(text, 'http_request_duration_seconds_bucket', { ...route, status_code: '200', le: '+Inf' }),
    ).toBe(3);
    // The process's own figures come along.
    expect(sampleValue(text, 'process_resident_memory_bytes', { service: 'demo' })).toBeGreaterThan(0);
    await app.close();
  });

  it('keeps each app to its own counts and does not count the scrape', async () => {
    const one = demoApp('one');
    const two = demoApp('two');
    await one.inject('/api/things/1');
    await one.inject('/metrics');
    const text = (await two.inject('/metrics')).body;
    expect(sampleValue(text, 'http_requests_total', { route: '/api/things/:id' })).toBeUndefined();
    const own = (await one.inject('/metrics')).body;
    expect(sampleValue(own, 'http_requests_total', { service: 'one', route: '/api/things/:id' })).toBe(1);
    expect(sampleValue(own, 'http_requests_total', { route: '/metrics' })).toBeUndefined();
    await Promise.all([one.close(), two.close()]);
  });

  it('lets a service add its own metrics to the same scrape', async () => {
    const app = demoApp();
    counterOf(app, { name: 'demo_widgets_total', help: 'widgets', labelNames: ['kind'] }).inc(
      { kind: 'a' },
      2,
    );
    counterOf(app, { name: 'demo_widgets_total', help: 'widgets', labelNames: ['kind'] }).inc({ kind: 'a' });
    expect(sampleValue((await app.inject('/metrics')).body, 'demo_widgets_total', { kind: 'a' })).toBe(3);
    await app.close();
  });
});

describe('request ids', () => {
  it('takes the id the gateway forwards, and makes one up when it is missing or does not look like one', async () => {
    const app = demoApp();
    const forwarded = await app.inject({ url: '/api/things/1', headers: { 'x-request-id': 'gw-1234.abc' } });
    expect(forwarded.headers['x-request-id']).toBe('gw-1234.abc');
    const none = await app.inject('/api/things/1');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await app.inject({
      url: '/api/things/1',
      headers: { 'x-request-id': 'a b\n{"level":60}' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });
});
