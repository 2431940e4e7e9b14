// /metrics of the tracking service: accepted and refused requests by route and status, and the writes
// Kafka did not take (kafka_produce_errors_total) — the figure an operator alerts on.
import { describe, expect } from 'vitest';
import { KafkaBus } from '@bodymetrics/bus';
import { metricSample } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';

const step = (n: number) => ({ visitorId: `metrics-visitor-${n}`, sessionId: 's-1', step: 'landing' });

describe('tracking /metrics', () => {
  it('counts 202s and 400s by route', async ({ database, bus }) => {
    const app = buildApp({ bus: bus.bus, ipStorage: 'truncated', db: database.db });
    for (let n = 0; n < 4; n++)
      expect(
        (await app.inject({ method: 'POST', url: '/api/journey/track', payload: step(n) })).statusCode,
      ).toBe(202);
    await app.inject({ method: 'POST', url: '/api/journey/track', payload: { step: 'nowhere' } });

    const text = (await app.inject('/metrics')).body;
    const route = { service: 'tracking', route: '/api/journey/track', method: 'POST' };
    expect(metricSample(text, 'http_requests_total', { ...route, status_code: '202' })).toBe(4);
    expect(metricSample(text, 'http_requests_total', { ...route, status_code: '400' })).toBe(1);
    expect(
      metricSample(text, 'kafka_produce_errors_total', {
        topic: 'tracking.journey.v1',
        reason: 'unavailable',
      }),
    ).toBe(0);
    await app.close();
  });

  it('counts every write Kafka did not acknowledge', async ({ database }) => {
    const bus = new KafkaBus({
      brokers: ['127.0.0.1:1'],
      clientId: 'tracking-metrics-down',
      publishTimeoutMs: 300,
    });
    const app = buildApp({ bus, ipStorage: 'truncated', db: database.db });
    const answers = await Promise.all(
      [0, 1, 2].map((n) => app.inject({ method: 'POST', url: '/api/journey/track', payload: step(n) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([503, 503, 503]);
    // The client is told when to try again (a broker away: a few seconds).
    expect(answers.map((a) => a.headers['retry-after'])).toEqual(['5', '5', '5']);

    const text = (await app.inject('/metrics')).body;
    expect(
      metricSample(text, 'kafka_produce_errors_total', {
        topic: 'tracking.journey.v1',
        reason: 'unavailable',
      }),
    ).toBe(3);
    expect(
      metricSample(text, 'http_requests_total', { route: '/api/journey/track', status_code: '503' }),
    ).toBe(3);
    await app.close();
    await bus.close();
  });
});
