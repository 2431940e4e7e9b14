// Aggregators that scale out: two aggregators, each with a Kafka client of its own as two
// processes would have, share the topics' partitions in one consumer group and each applies two partitions
// at once — batches of one aggregate row from different transactions side by side. The hand-counted cases
// of aggregator.cases.ts must come out exactly as with one aggregator.
import { afterAll, expect } from 'vitest';
import { KafkaAdmin, KafkaBus } from '@bodymetrics/bus';
import { eventually, testInfra } from '@bodymetrics/testing';
import { startAggregator } from './app';
import { handCountedCases } from './aggregator.cases';

const buses: KafkaBus[] = [];
afterAll(() => Promise.all(buses.map((b) => b.close())));

handCountedCases('two aggregators in one consumer group', {
  startAggregators: async ({ db, testBus, groupId, notify }) => {
    const aggregators = [];
    for (const n of [1, 2]) {
      const bus = new KafkaBus({
        brokers: testInfra().kafkaBrokers,
        clientId: `test-aggregator-${n}`,
        topicPrefix: testBus.topicPrefix,
        partitions: 3,
      });
      buses.push(bus);
      aggregators.push(
        await startAggregator({
          db,
          bus,
          timeZone: 'Europe/Bucharest',
          groupId,
          notify,
          partitionsConsumedConcurrently: 2,
        }),
      );
    }
    // Both are members and the rebalance is over: each has its partitions before the events come.
    const admin = new KafkaAdmin({ brokers: testInfra().kafkaBrokers, clientId: 'test-aggregator-group' });
    try {
      await eventually(
        async () =>
          expect(await admin.group(`${testBus.topicPrefix}${groupId}`)).toEqual({
            state: 'Stable',
            members: expect.arrayContaining(['test-aggregator-1', 'test-aggregator-2']) as unknown,
          }),
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    } finally {
      await admin.close();
    }
    return aggregators;
  },
});
