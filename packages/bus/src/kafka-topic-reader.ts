// Reads back what is on a topic from its beginning, as it was written (tests assert "the message is on its
// topic", or is not). The reader's consumer group is named under the topic, so deleting the topic's prefix
// deletes it too.
import { kafkaClient, type KafkaClientOptions } from './kafka-client';

export interface KafkaRecord {
  key: string | null;
  value: string;
  headers: Record<string, string>;
  partition: number;
  offset: string;
}

export async function readKafkaTopic(
  options: Omit<KafkaClientOptions, 'clientId'> & {
    topic: string;
    /** Stops reading once this many arrived; 0 reads for the whole window (absence needs time to be seen). */
    expect: number;
    timeoutMs?: number;
  },
): Promise<KafkaRecord[]> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const consumer = kafkaClient({ ...options, clientId: 'topic-reader' }).consumer({
    groupId: `${options.topic}.reader-${tag}`,
  });
  const found: KafkaRecord[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: options.topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, options.timeoutMs ?? 5000);
      consumer
        .run({
          eachMessage: ({ partition, message }) => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(message.headers ?? {}))
              if (value !== undefined) headers[name] = String(value);
            found.push({
              key: message.key?.toString() ?? null,
              value: message.value?.toString() ?? '',
              headers,
              partition,
              offset: message.offset,
            });
            if (options.expect > 0 && found.length >= options.expect) {
              clearTimeout(timer);
              resolve();
            }
            return Promise.resolve();
          },
        })
        .catch((err: unknown) => {
          clearTimeout(timer);
          reject(err as Error);
        });
    });
  } finally {
    await consumer.disconnect();
  }
  return found;
}
