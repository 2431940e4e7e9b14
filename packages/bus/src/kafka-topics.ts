// Creating topics so that they can be used at once. kafkajs' createTopics({ waitForLeaders }) retries only
// LEADER_NOT_AVAILABLE while it waits; a broker that is slow to publish the new topics' metadata (a busy
// KRaft controller) answers UNKNOWN_TOPIC_OR_PARTITION instead ("This server does not host this
// topic-partition") and the creation — which did happen — fails. This waits those out too.
// A topic asked for without a replication factor gets the cluster's own (its brokers'
// default.replication.factor): 1 on the development broker, 3 on the three-broker cluster, where
// min.insync.replicas 2 then makes an acks=all write wait for two copies.
import type { Admin, ConfigResourceTypes, ITopicConfig } from 'kafkajs';

/** kafkajs' ConfigResourceTypes.BROKER: its CommonJS export list hides the enum from an ES import. */
const brokerResource = 4 as ConfigResourceTypes;

const metadataWaitMs = 30_000;

const unknownTopic = (err: unknown) =>
  (err as { type?: string } | null)?.type === 'UNKNOWN_TOPIC_OR_PARTITION';

/** The brokers' default.replication.factor (1 when a broker does not say). */
export async function clusterReplicationFactor(admin: Admin): Promise<number> {
  const { brokers } = await admin.describeCluster();
  const nodeId = brokers[0]?.nodeId;
  if (nodeId === undefined) throw new Error('the cluster names no broker');
  const { resources } = await admin.describeConfigs({
    includeSynonyms: false,
    resources: [{ type: brokerResource, name: String(nodeId), configNames: ['default.replication.factor'] }],
  });
  const value = Number(
    resources[0]?.configEntries.find((e) => e.configName === 'default.replication.factor')?.configValue,
  );
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** Creates the topics and resolves once every one of them has its partitions' leaders; false when all existed. */
export async function createTopicsAndWait(admin: Admin, topics: ITopicConfig[]): Promise<boolean> {
  let created: boolean;
  const replicationFactor = topics.every((t) => t.replicationFactor !== undefined)
    ? undefined
    : await clusterReplicationFactor(admin);
  try {
    created = await admin.createTopics({
      waitForLeaders: true,
      topics: topics.map((t) => ({ ...t, replicationFactor: t.replicationFactor ?? replicationFactor })),
    });
  } catch (err) {
    if (!unknownTopic(err)) throw err;
    created = true;
  }
  const names = topics.map((t) => t.topic);
  const deadline = Date.now() + metadataWaitMs;
  for (;;) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics: names });
      if (found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)))
        return created;
    } catch (err) {
      if (!unknownTopic(err) || Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline)
      throw new Error(`topics ${names.join(', ')} have no leaders after ${metadataWaitMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs `action` again while a broker answers that it does not know the topics yet. Creation waits until the
 * broker it asked knows them; on a cluster, the broker a consumer then asks (kafkajs' subscribe reads the
 * metadata from any of them) can still be a moment behind, and kafkajs does not retry it there (a CI run
 * of the broker-kill test: the aggregator's start failed on "This server does not host this
 * topic-partition" right after the topics were created).
 */
export async function whileTopicsPropagate<T>(action: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + metadataWaitMs;
  for (;;) {
    try {
      return await action();
    } catch (err) {
      if (!unknownTopic(err) || Date.now() > deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
