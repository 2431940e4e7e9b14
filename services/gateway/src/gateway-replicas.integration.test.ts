// Several replicas of one service behind the gateway (TRACKING_URL with two URLs, as
// `TRACKING_REPLICAS=2 npm run start:distributed` sets it): requests take turns, and readiness checks each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway, type Gateway } from './app';
import { gatewaySettingsFromEnv } from './config';
import { startEchoUpstream, startEchoUpstreams, type EchoedRequest } from './test-support';

let gateway: Gateway;
let echoes: Awaited<ReturnType<typeof startEchoUpstreams>>;
const replicas: { url: string; app: FastifyInstance }[] = [];

beforeAll(async () => {
  echoes = await startEchoUpstreams();
  replicas.push(await startEchoUpstream('tracking-a'), await startEchoUpstream('tracking-b'));
  const config = gatewaySettingsFromEnv({ TRACKING_URL: `${replicas[0]?.url}, ${replicas[1]?.url}` });
  gateway = await buildGateway({
    upstreams: { ...echoes.upstreams, tracking: config.TRACKING_URL },
    publicDir: '/nonexistent',
    adminDir: '/nonexistent',
  });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(replicas.map((r) => r.app.close()));
  await echoes?.close();
});

describe('tracking replicas', () => {
  it('reads a comma-separated TRACKING_URL as the list of replicas', () => {
    expect(
      gatewaySettingsFromEnv({ TRACKING_URL: 'http://10.0.0.1:8081, http://10.0.0.2:8081' }).TRACKING_URL,
    ).toEqual(['http://10.0.0.1:8081', 'http://10.0.0.2:8081']);
    expect(gatewaySettingsFromEnv({}).TRACKING_URL).toEqual(['http://127.0.0.1:8081']);
    expect(() => gatewaySettingsFromEnv({ TRACKING_URL: 'http://ok:1,not a url' })).toThrow(/TRACKING_URL/);
  });

  it('sends tracking requests to the replicas in turn, across all tracking routes', async () => {
    const served: string[] = [];
    for (const url of [
      '/api/analytics/page-visit',
      '/api/journey/track',
      '/api/session/store',
      '/api/journey/track',
    ]) {
      // As the site's own page sends it: tracking takes our own pages only.
      const res = await gateway.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(200);
      served.push(res.json<EchoedRequest>().upstream);
    }
    expect(served).toEqual(['tracking-a', 'tracking-b', 'tracking-a', 'tracking-b']);
  });

  it('still sends every other service to its one URL', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/affiliate-offers/all' });
    expect(res.json<EchoedRequest>().upstream).toBe('offers');
  });

  it('is ready only when every replica answers, and names each one (on the internal listener)', async () => {
    const ready = await gateway.internal.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json<{ checks: Record<string, string> }>().checks).toMatchObject({
      'tracking#1': 'ok',
      'tracking#2': 'ok',
      offers: 'ok',
    });

    await replicas[1]?.app.close();
    const degraded = await gateway.internal.inject({ method: 'GET', url: '/readyz' });
    expect(degraded.statusCode).toBe(503);
    const checks = degraded.json<{ checks: Record<string, string> }>().checks;
    expect(checks['tracking#1']).toBe('ok');
    expect(checks['tracking#2']).not.toBe('ok');
  });
});
