// Topics of the benchmark's own (prefix bench.<label>.<tag>.), created up front and deleted afterwards,
// and a way to tell when a consumer group has applied everything on them (its committed offsets reached
// the ends of the partitions — the aggregator commits only after the database transaction committed).
import { Kafka, logLevel } from 'kafkajs';
import { KafkaBus } from '@bodymetrics/bus';
import { topicName, trackingTopics } from '@bodymetrics/contracts';
import { benchInfra, uniqueTag } from './infra';

export interface BenchTopics {
  prefix: string;
  partitions: number;
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
  const kafka = new Kafka({ clientId: `bench-${label}-offsets`, brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const names = trackingTopics.map((t) => topicName(prefix, t.name));

  const ends = async () => {
    const out = new Map<string, Map<number, bigint>>();
    for (const topic of names) {
      const offsets = await admin.fetchTopicOffsets(topic);
      out.set(topic, new Map(offsets.map((o) => [o.partition, BigInt(o.high)])));
    }
    return out;
  };

  return {
    prefix,
    partitions,
    async endOffsetsTotal() {
      let total = 0n;
      for (const partitions of (await ends()).values()) for (const high of partitions.values()) total += high;
      return Number(total);
    },
    async lagOf(groupId: string) {
      const end = await ends();
      const committed = await admin.fetchOffsets({ groupId: `${prefix}${groupId}`, topics: names });
      let lag = 0n;
      for (const t of committed) {
        for (const p of t.partitions) {
          const high = end.get(t.topic)?.get(p.partition) ?? 0n;
          const at = p.offset === '-1' ? 0n : BigInt(p.offset);
          lag += high > at ? high - at : 0n;
        }
      }
      return Number(lag);
    },
    async cleanup() {
      try {
        const existing = new Set(await admin.listTopics());
        const all = trackingTopics
          .flatMap((t) => [topicName(prefix, t.name), topicName(prefix, `${t.name}.dlq`)])
          .filter((t) => existing.has(t));
        if (all.length) await admin.deleteTopics({ topics: all, timeout: 10_000 });
        const groups = (await admin.listGroups()).groups
          .map((g) => g.groupId)
          .filter((g) => g.startsWith(prefix));
        if (groups.length) await admin.deleteGroups(groups).catch(() => undefined);
      } finally {
        await admin.disconnect();
      }
    },
  };
}
