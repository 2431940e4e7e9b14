// The broker infra/local runs is a real Kafka that stores and hands back messages: a topic made for
// this test, one message through an idempotent producer, the same message read back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaAdmin, KafkaRawProducer, readKafkaTopic } from '@bodymetrics/bus';
import { isKafkaUp, kafkaBrokers, startKafka } from './kafka';

// A cold start fetches the broker jars with Maven first; later starts take seconds.
const START_LIMIT_MS = 5 * 60_000;

describe('local Kafka broker', { timeout: 120_000 }, () => {
  const topic = `infra-local-test-${randomUUID()}`;
  let admin: KafkaAdmin;

  beforeAll(async () => {
    await startKafka();
    admin = new KafkaAdmin({ clientId: 'infra-local-test', brokers: kafkaBrokers() });
  }, START_LIMIT_MS);

  afterAll(async () => {
    if (!admin) return;
    // The reader's consumer group, and the topic when a failed test left it behind.
    await admin.deleteByPrefix(topic);
    await admin.close();
  });

  it('answers on KAFKA_BROKERS as a single KRaft node', async () => {
    expect(await isKafkaUp()).toBe(true);
    const cluster = await admin.cluster();
    expect(cluster.brokers).toEqual([expect.objectContaining({ nodeId: 1 })]);
    expect(cluster.controller).toBe(1);
  });

  it('stores a message from an idempotent producer and hands it to a consumer', async () => {
    expect(await admin.createTopics([{ topic, partitions: 1 }])).toBe(true);

    const producer = new KafkaRawProducer({
      clientId: 'infra-local-test',
      brokers: kafkaBrokers(),
      idempotent: true,
    });
    const body = JSON.stringify({ type: 'measurement.recorded', weightKg: 72.4 });
    const [written] = await producer.send([
      { topic, messages: [{ key: 'member-1', value: body, headers: { source: 'infra-local-test' } }] },
    ]);
    await producer.close();
    expect(written).toMatchObject({ topicName: topic, partition: 0, errorCode: 0 });

    const [message, ...more] = await readKafkaTopic({
      brokers: kafkaBrokers(),
      topic,
      expect: 1,
      timeoutMs: 30_000,
    });
    expect(more).toEqual([]);
    expect({ key: message?.key, value: message?.value, source: message?.headers.source }).toEqual({
      key: 'member-1',
      value: body,
      source: 'infra-local-test',
    });
  });

  it('deletes the topic it was asked to delete', async () => {
    await admin.deleteTopics([topic]);
    expect(await admin.listTopics()).not.toContain(topic);
  });
});
