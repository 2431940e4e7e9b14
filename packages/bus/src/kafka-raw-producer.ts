// Writes raw messages to topics, bypassing the envelope and the micro-batcher: the bench fills its backlog
// with it (several requests in flight, as fast as the broker takes them) and infra checks the broker with it.
// The services publish through KafkaBus.
import type { Producer } from 'kafkajs';
import { kafkaClient, type KafkaClientOptions } from './kafka-client';

export interface RawMessage {
  key: string | null;
  value: string;
  headers?: Record<string, string>;
}

export interface WrittenBatch {
  topicName: string;
  partition: number;
  errorCode: number;
}

export class KafkaRawProducer {
  private producer: Promise<Producer> | undefined;

  constructor(
    private readonly options: KafkaClientOptions & {
      /** Exactly once per partition, one request in flight (default false: several, for speed). */
      idempotent?: boolean;
    },
  ) {}

  private connected(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = kafkaClient(this.options).producer({
        allowAutoTopicCreation: false,
        ...(this.options.idempotent ? { idempotent: true, maxInFlightRequests: 1 } : {}),
      });
      try {
        await producer.connect();
      } catch (err) {
        this.producer = undefined;
        throw err;
      }
      return producer;
    })();
    return this.producer;
  }

  /** Writes the messages (acks = all); resolves with where each topic's messages went. */
  async send(topicMessages: { topic: string; messages: RawMessage[] }[]): Promise<WrittenBatch[]> {
    const written = await (await this.connected()).sendBatch({ acks: -1, topicMessages });
    return written.map(({ topicName, partition, errorCode }) => ({ topicName, partition, errorCode }));
  }

  async close(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.then((p) => p.disconnect()).catch(() => undefined);
  }
}
