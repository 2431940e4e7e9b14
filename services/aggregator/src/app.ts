// The aggregator process: the consumer plus a small HTTP face for health (port 8087).
import type { FastifyServerOptions } from 'fastify';
import { createServiceApp } from '@bodymetrics/service-kit';
import type { Aggregator } from './aggregator';

export * from './aggregator';
export * from './retention';
export { localDate } from './local-date';

export function buildHealthApp(aggregator: Aggregator, logger?: FastifyServerOptions['logger']) {
  return createServiceApp({
    name: 'aggregator',
    logger,
    readiness: {
      consumer: () => (aggregator.healthcheck().running ? Promise.resolve() : Promise.reject(new Error('stopped'))),
    },
  }).get('/status', () => aggregator.healthcheck());
}
