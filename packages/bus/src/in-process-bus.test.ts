// The embedded mode's bus against the bus contract (bus.cases.ts), plus what only it has to do: its log is
// memory, so close() hands everything published to the running consumers before it stops them.
import { describe, expect, it } from 'vitest';
import { topics, type Envelope } from '@bodymetrics/contracts';
import { busContractCases } from './bus.cases';
import { InProcessBus } from './in-process-bus';

describe('in-process bus: the bus contract', () => {
  busContractCases(() => Promise.resolve(new InProcessBus({ partitions: 3 })));
});

describe('in-process bus: its own', () => {
  const step = (n: number) => ({
    visitorId: `visitor-${n % 5}`,
    sessionId: `s-${n}`,
    step: 'landing' as const,
    ipAddress: null,
    requestUserAgent: null,
  });

  it('close() drains: every event published before it is applied by the running consumer first', async () => {
    const bus = new InProcessBus();
    await bus.ensureTopics([topics.journey]);
    const applied: Envelope<unknown>[] = [];
    await bus.consume({
      groupId: 'aggregator',
      topics: [topics.journey],
      handler: async (batch) => {
        await new Promise((r) => setTimeout(r, 2));
        applied.push(...batch.events);
      },
    });
    const published = await Promise.all(
      Array.from({ length: 2000 }, (_, n) => bus.publish(topics.journey, step(n))),
    );
    await bus.close();
    expect(applied.map((e) => e.id)).toEqual(published.map((e) => e.id));
  });

  it('keeps only what some group has not acknowledged yet (memory stays bounded by the lag)', async () => {
    const bus = new InProcessBus({ maxBatch: 10 });
    await bus.ensureTopics([topics.journey]);
    await Promise.all(Array.from({ length: 100 }, (_, n) => bus.publish(topics.journey, step(n))));
    expect(await bus.consumerLag('aggregator', [topics.journey])).toEqual([
      { topic: topics.journey.name, partition: 0, lag: 100 },
    ]);
    const consumer = await bus.consume({
      groupId: 'aggregator',
      topics: [topics.journey],
      handler: () => Promise.resolve(),
    });
    expect(await bus.drain(5000)).toBe(true);
    expect(await bus.consumerLag('aggregator', [topics.journey])).toEqual([
      { topic: topics.journey.name, partition: 0, lag: 0 },
    ]);
    await consumer.stop();
    await bus.close();
  });
});
