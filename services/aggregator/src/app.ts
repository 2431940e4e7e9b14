// The aggregator process: the consumer plus a small HTTP face for health (port 8087).
import type { FastifyServerOptions } from 'fastify';
import { createServiceApp, type Counter } from '@bodymetrics/service-kit';
import type { Aggregator } from './aggregator';
import { installAggregatorMetrics } from './metrics';

export * from './aggregator';
export * from './retention';
export * from './suspicion';
export { localDate } from './local-date';
export { createDeadLetterCounter } from './metrics';

export function buildHealthApp(
  aggregator: Aggregator,
  logger?: FastifyServerOptions['logger'],
  /** The counter the bus's onDeadLetter moves (createDeadLetterCounter), shown on /metrics. */
  deadLetters?: Counter<'topic'>,
) {
  const app = createServiceApp({
    name: 'aggregator',
    logger,
    readiness: {
      consumer: () =>
        aggregator.healthcheck().running ? Promise.resolve() : Promise.reject(new Error('stopped')),
    },
  });
  installAggregatorMetrics(app, aggregator, deadLetters);
  return app.get('/status', () => aggregator.healthcheck());
}
