// The aggregator's own Prometheus metrics, on the health app's /metrics: how far it is behind each
// tracking topic (consumer lag, asked of Kafka at scrape time), the messages it dead-lettered, and the
// events and batches it applied.
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from '@bodymetrics/service-kit';
import type { DeadLetter } from '@bodymetrics/bus';
import type { Aggregator } from './aggregator';

/** A scrape must answer even while Kafka is away: the lag is then left out, not waited for. */
const lagTimeoutMs = 2_000;

/**
 * The dead-letter counter exists before the app (the bus that reports dead letters is built first);
 * `installAggregatorMetrics` adds it to the app's registry.
 */
export function createDeadLetterCounter() {
  const counter = new Counter({
    name: 'bus_dead_letters_total',
    help: 'Messages that could not be applied and were sent to their dead-letter topic',
    labelNames: ['topic'] as const,
    registers: [],
  });
  return { counter, onDeadLetter: (letter: DeadLetter) => counter.inc({ topic: letter.topic }) };
}

export function installAggregatorMetrics(
  app: FastifyInstance,
  aggregator: Aggregator,
  deadLetters: Counter<'topic'> = createDeadLetterCounter().counter,
): void {
  const registry = app.metrics.registry;
  registry.registerMetric(deadLetters);
  new Counter({
    name: 'aggregator_events_applied_total',
    help: 'Events applied to Postgres (raw rows and aggregates, one transaction per batch)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(aggregator.healthcheck().eventsApplied);
    },
  });
  new Counter({
    name: 'aggregator_batches_applied_total',
    help: 'Batches applied and acknowledged',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(aggregator.healthcheck().batchesApplied);
    },
  });
  new Gauge({
    name: 'kafka_consumer_lag',
    help: 'Messages on the topic that the aggregator has not applied yet (summed over partitions)',
    labelNames: ['topic'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      let timer: NodeJS.Timeout | undefined;
      try {
        const lags = await Promise.race([
          aggregator.consumerLag(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer from Kafka within ${lagTimeoutMs} ms`)),
              lagTimeoutMs,
            );
          }),
        ]);
        for (const { topic, lag } of lags) this.set({ topic }, lag);
      } catch (err) {
        app.log.warn({ err }, 'consumer lag unknown');
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
