// Topics of the benchmark's own (prefix bench.<label>.<tag>.), created up front and deleted afterwards,
// and a way to tell when a consumer group has applied everything on them (its committed offsets reached
// the ends of the partitions — the aggregator commits only after the database transaction committed).
import { KafkaAdmin, KafkaBus } from '@bodymetrics/bus';
import { topicName, trackingTopics } from '@bodymetrics/contracts';
import { benchInfra, uniqueTag } from './infra';

export interface BenchTopics {
  prefix: string;
  partitions: number;
  /** The settings a service started for the run needs to use these topics (brokers, prefix, partitions). */
  serviceEnv: { KAFKA_BROKERS: string; TOPIC_PREFIX: string; KAFKA_PARTITIONS: string };
  /** Messages not yet committed by `groupId` (prefixed as the bus prefixes it), over every tracking topic. */
  lagOf(groupId: string): Promise<number>;
  /** Messages on the tracking topics. */
  endOffsetsTotal(): Promise<number>;
  cleanup(): Promise<void>;
}

export async function createBenchTopics(label: string, partitions = 6): Promise<BenchTopics> {
  const prefix = `bench.${label}.${uniqueTag()}.`;
  const brokers = benchInfra().kafkaBrokers;
  const bus = new KafkaBus({ brokers, clientId: `bench-${label}-admin`, topicPrefix: prefix, partitions });
  await bus.ensureTopics(trackingTopics);
  await bus.close();
  const admin = new KafkaAdmin({ clientId: `bench-${label}-offsets`, brokers, requestTimeoutMs: 30_000 });
  const names = trackingTopics.map((t) => topicName(prefix, t.name));

  return {
    prefix,
    partitions,
    serviceEnv: {
      KAFKA_BROKERS: brokers.join(','),
      TOPIC_PREFIX: prefix,
      KAFKA_PARTITIONS: String(partitions),
    },
    async endOffsetsTotal() {
      let total = 0;
      for (const topic of names) for (const o of await admin.endOffsets(topic)) total += o.high;
      return total;
    },
    lagOf: (groupId: string) => admin.lag(`${prefix}${groupId}`, names),
    async cleanup() {
      try {
        // The topics, their dead-letter topics and the consumer groups of the run.
        await admin.deleteByPrefix(prefix);
      } finally {
        await admin.close();
      }
    },
  };
}
