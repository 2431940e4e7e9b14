// Topic and consumer-group administration for the tools around the bus — infra (is the broker up?), tests
// and the bench (topics of their own, their offsets and lag, deleted afterwards) — so kafkajs stays inside
// packages/bus. The services never need it: KafkaBus.ensureTopics creates what they use.
import { createTopicsAndWait } from './kafka-topics';
import type { Admin } from 'kafkajs';
import { kafkaClient, type KafkaClientOptions } from './kafka-client';

export interface KafkaCluster {
  brokers: { nodeId: number; host: string; port: number }[];
  /** The node id of the controller, when the broker names one. */
  controller: number | null;
}

export interface PartitionOffsets {
  partition: number;
  /** The oldest offset still kept. */
  low: number;
  /** The next offset to be written: the messages ever written to the partition. */
  high: number;
}

export interface PartitionReplicas {
  topic: string;
  partition: number;
  /** The node id of the leader (-1 while there is none). */
  leader: number;
  replicas: number[];
  /** The replicas in sync with the leader: an acks=all write waits for these. */
  isr: number[];
}

/** Deleting by prefix is for names a test or the bench made: anything else is refused. */
const disposablePrefix = /(^|[.-])(test|bench)([.-]|$)/;

export class KafkaAdmin {
  private admin: Promise<Admin> | undefined;

  constructor(private readonly options: KafkaClientOptions) {}

  /** Connects on first use; a failed connection is tried afresh next time. */
  private connected(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = kafkaClient(this.options).admin();
      try {
        await admin.connect();
      } catch (err) {
        this.admin = undefined;
        throw err;
      }
      return admin;
    })();
    return this.admin;
  }

  /** The brokers that answer a metadata request (rejects when none does). */
  async cluster(): Promise<KafkaCluster> {
    const described = await (await this.connected()).describeCluster();
    return {
      brokers: described.brokers.map(({ nodeId, host, port }) => ({ nodeId, host, port })),
      controller: described.controller,
    };
  }

  async listTopics(): Promise<string[]> {
    return (await this.connected()).listTopics();
  }

  /**
   * Creates the topics and waits for their leaders; false when they all existed already. Without a
   * replication factor a topic gets the cluster's (default.replication.factor).
   */
  async createTopics(
    topics: { topic: string; partitions: number; replicationFactor?: number }[],
  ): Promise<boolean> {
    return createTopicsAndWait(
      await this.connected(),
      topics.map(({ topic, partitions, replicationFactor }) => ({
        topic,
        numPartitions: partitions,
        ...(replicationFactor === undefined ? {} : { replicationFactor }),
      })),
    );
  }

  /** Where each partition of the topics lives: its leader, its replicas and those in sync (the ISR). */
  async partitions(topics: string[]): Promise<PartitionReplicas[]> {
    const { topics: found } = await (await this.connected()).fetchTopicMetadata({ topics });
    return found.flatMap(({ name, partitions }) =>
      partitions.map((p) => ({
        topic: name,
        partition: p.partitionId,
        leader: p.leader,
        replicas: p.replicas,
        isr: p.isr,
      })),
    );
  }

  /**
   * The broker that coordinates a consumer group (its joins, heartbeats and offset commits): the leader
   * of the group's `__consumer_offsets` partition, which Kafka picks as abs(Java hashCode of the group
   * id) modulo that topic's partition count. Fault tests kill it on purpose.
   */
  async groupCoordinator(groupId: string): Promise<number> {
    const offsets = await this.partitions(['__consumer_offsets']);
    if (offsets.length === 0) throw new Error('__consumer_offsets does not exist yet (no group has joined)');
    const partition = Math.abs(javaStringHash(groupId)) % offsets.length;
    const leader = offsets.find((p) => p.partition === partition)?.leader;
    if (leader === undefined || leader < 0) throw new Error(`no leader for __consumer_offsets/${partition}`);
    return leader;
  }

  /** The partitions of the topics (every topic when none is named) with fewer replicas in sync than assigned. */
  async underReplicated(topics?: string[]): Promise<PartitionReplicas[]> {
    const names = topics ?? (await this.listTopics());
    return (await this.partitions(names)).filter((p) => p.isr.length < p.replicas.length);
  }

  /** Deletes those of the topics that exist (kafkajs retries deleting a missing one for seconds). */
  async deleteTopics(names: string[]): Promise<void> {
    const admin = await this.connected();
    const existing = new Set(await admin.listTopics());
    const present = names.filter((name) => existing.has(name));
    if (present.length) await admin.deleteTopics({ topics: present, timeout: 10_000 });
  }

  async endOffsets(topic: string): Promise<PartitionOffsets[]> {
    const offsets = await (await this.connected()).fetchTopicOffsets(topic);
    return offsets.map((o) => ({ partition: o.partition, low: Number(o.low), high: Number(o.high) }));
  }

  /** Messages the group has not committed yet over the topics (a group that committed nothing owes all). */
  async lag(groupId: string, topics: string[]): Promise<number> {
    const admin = await this.connected();
    const committed = await admin.fetchOffsets({ groupId, topics });
    let lag = 0;
    for (const { topic, partitions } of committed) {
      const ends = await this.endOffsets(topic);
      for (const end of ends) {
        const at = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? '-1');
        lag += Math.max(0, end.high - (at >= 0 ? at : end.low));
      }
    }
    return lag;
  }

  /**
   * A consumer group's state as the broker sees it (`Stable` once every member has its partitions, after a
   * rebalance) and its members' client ids: tests wait on it before counting on several consumers.
   */
  async group(groupId: string): Promise<{ state: string; members: string[] }> {
    const { groups } = await (await this.connected()).describeGroups([groupId]);
    const group = groups[0];
    return { state: group?.state ?? 'Dead', members: (group?.members ?? []).map((m) => m.clientId) };
  }

  /** Deletes every topic and consumer group whose name starts with `prefix` (one that says test or bench). */
  async deleteByPrefix(prefix: string): Promise<{ topics: string[]; groups: string[] }> {
    if (!disposablePrefix.test(prefix))
      throw new Error(
        `refusing to delete Kafka topics and groups under "${prefix}": the name must say test or bench`,
      );
    const admin = await this.connected();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 10_000 });
    const groups = (await admin.listGroups()).groups
      .map((g) => g.groupId)
      .filter((g) => g.startsWith(prefix));
    // A group with a member still connected cannot go; the broker drops it once empty, after its retention.
    if (groups.length) await admin.deleteGroups(groups).catch(() => undefined);
    return { topics, groups };
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    await admin?.then((a) => a.disconnect()).catch(() => undefined);
  }
}

/** Java's String.hashCode (31-based over UTF-16 code units, 32-bit overflow); Kafka's abs maps MIN_VALUE to 0. */
function javaStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash === -2147483648 ? 0 : hash;
}
