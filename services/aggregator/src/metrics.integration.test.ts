// /metrics of the aggregator, as an operator watches a backlog drain: the consumer lag shows what waits
// on each topic before the aggregator runs and falls to 0 once it caught up; applied events and batches
// count what landed; a poison message moves the dead-letter counter.
import { afterAll, describe, expect } from 'vitest';
import { KafkaBus } from '@bodymetrics/bus';
import { topics } from '@bodymetrics/contracts';
import { eventually, metricSample, testInfra } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildHealthApp, createDeadLetterCounter, startAggregator, type Aggregator } from './app';

let bus: KafkaBus;
let aggregator: Aggregator | undefined;

const journey = (n: number) => ({
  visitorId: `metrics-${n}`,
  sessionId: `metrics-session-${n}`,
  step: 'landing' as const,
  ipAddress: null,
  requestUserAgent: null,
});

afterAll(async () => {
  await aggregator?.shutdown();
  await bus?.close();
});

describe('aggregator /metrics', () => {
  it('shows the backlog as consumer lag, then what was applied and dead-lettered', async ({
    database,
    bus: testBus,
  }) => {
    for (let n = 0; n < 5; n++) await testBus.bus.publish(topics.journey, journey(n));
    await testBus.bus.publishRaw(topics.journey, 'poison', 'this is not an envelope');

    const deadLetters = createDeadLetterCounter();
    bus = new KafkaBus({
      brokers: testInfra().kafkaBrokers,
      clientId: 'aggregator-metrics',
      topicPrefix: testBus.topicPrefix,
      onDeadLetter: deadLetters.onDeadLetter,
    });
    // Lag before anything consumed: the group has committed nothing, everything on the topic waits.
    const lagBefore = await bus.consumerLag('aggregator', [topics.journey, topics.pageVisit]);
    expect(lagBefore.filter((l) => l.topic === topics.journey.name).reduce((s, l) => s + l.lag, 0)).toBe(6);
    expect(lagBefore.filter((l) => l.topic === topics.pageVisit.name).reduce((s, l) => s + l.lag, 0)).toBe(0);

    aggregator = await startAggregator({ db: database.db, bus, timeZone: 'Europe/Bucharest' });
    const app = buildHealthApp(aggregator, undefined, deadLetters.counter);
    const scrape = async () => (await app.inject('/metrics')).body;

    await eventually(
      async () => {
        const text = await scrape();
        expect(metricSample(text, 'aggregator_events_applied_total', { service: 'aggregator' })).toBe(5);
        expect(metricSample(text, 'bus_dead_letters_total', { topic: topics.journey.name })).toBe(1);
        expect(metricSample(text, 'kafka_consumer_lag', { topic: topics.journey.name })).toBe(0);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const text = await scrape();
    expect(metricSample(text, 'aggregator_batches_applied_total')).toBeGreaterThanOrEqual(1);
    expect(metricSample(text, 'kafka_consumer_lag', { topic: topics.pageVisit.name })).toBe(0);
    await app.close();
  }, 60_000);
});
