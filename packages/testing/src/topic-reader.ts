// Reads back what landed on a topic, for tests that assert "the message is on its topic" (or is not).
import { Kafka, logLevel } from 'kafkajs';
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';
import { topicName } from '@bodymetrics/contracts';
import { testInfra, uniqueTag } from './infra';

export async function readTopic(
  topicPrefix: string,
  topic: TopicDefinition | string,
  { expect, timeoutMs = 5000 }: { expect: number; timeoutMs?: number },
): Promise<Envelope<unknown>[]> {
  const kafka = new Kafka({
    clientId: 'test-reader',
    brokers: testInfra().kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `test-reader-${uniqueTag()}` });
  const name = topicName(topicPrefix, typeof topic === 'string' ? topic : topic.name);
  const found: Envelope<unknown>[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: name, fromBeginning: true });
  await new Promise<void>((resolve) => {
    // When expecting nothing we still wait the whole window: absence needs time to be observed.
    const timer = setTimeout(resolve, timeoutMs);
    void consumer.run({
      eachMessage: ({ message }) => {
        found.push(JSON.parse(message.value?.toString() ?? 'null') as Envelope<unknown>);
        if (expect > 0 && found.length >= expect) {
          clearTimeout(timer);
          resolve();
        }
        return Promise.resolve();
      },
    });
  });
  await consumer.disconnect();
  return found;
}
