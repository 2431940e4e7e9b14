// Reads back what landed on a topic, for tests that assert "the message is on its topic" (or is not).
import { readKafkaTopic } from '@bodymetrics/bus';
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';
import { topicName } from '@bodymetrics/contracts';
import { testInfra } from './infra';

export async function readTopic(
  topicPrefix: string,
  topic: TopicDefinition | string,
  { expect, timeoutMs = 5000 }: { expect: number; timeoutMs?: number },
): Promise<Envelope<unknown>[]> {
  const records = await readKafkaTopic({
    brokers: testInfra().kafkaBrokers,
    topic: topicName(topicPrefix, typeof topic === 'string' ? topic : topic.name),
    // When expecting nothing it still reads the whole window: absence needs time to be observed.
    expect,
    timeoutMs,
  });
  return records.map((r) => JSON.parse(r.value || 'null') as Envelope<unknown>);
}
