// Creating topics so that they can be used at once. kafkajs' createTopics({ waitForLeaders }) retries only
// LEADER_NOT_AVAILABLE while it waits; a broker that is slow to publish the new topics' metadata (a busy
// KRaft controller) answers UNKNOWN_TOPIC_OR_PARTITION instead ("This server does not host this
// topic-partition") and the creation — which did happen — fails. This waits those out too.
import type { Admin, ITopicConfig } from 'kafkajs';

const metadataWaitMs = 30_000;

const unknownTopic = (err: unknown) =>
  (err as { type?: string } | null)?.type === 'UNKNOWN_TOPIC_OR_PARTITION';

/** Creates the topics and resolves once every one of them has its partitions' leaders; false when all existed. */
export async function createTopicsAndWait(admin: Admin, topics: ITopicConfig[]): Promise<boolean> {
  let created: boolean;
  try {
    created = await admin.createTopics({ waitForLeaders: true, topics });
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
