// The broker infra/local runs is a real Kafka that stores and hands back messages: a topic made for
// this test, one message through an idempotent producer, the same message read back.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners, type Admin } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKafkaUp, kafkaBrokers, startKafka } from './kafka';

// A cold start fetches the broker jars with Maven first; later starts take seconds.
const START_LIMIT_MS = 5 * 60_000;

describe('local Kafka broker', { timeout: 120_000 }, () => {
  const topic = `infra-local-test-${randomUUID()}`;
  const kafka = new Kafka({
    clientId: 'infra-local-test',
    brokers: kafkaBrokers(),
    logLevel: logLevel.NOTHING,
  });
  let admin: Admin;

  beforeAll(async () => {
    await startKafka();
    admin = kafka.admin();
    await admin.connect();
  }, START_LIMIT_MS);

  afterAll(async () => {
    if (!admin) return;
    // Only when a failed test left it behind: kafkajs retries deleting a missing topic for seconds.
    if ((await admin.listTopics()).includes(topic)) await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  });

  it('answers on KAFKA_BROKERS as a single KRaft node', async () => {
    expect(await isKafkaUp()).toBe(true);
    const cluster = await admin.describeCluster();
    expect(cluster.brokers).toEqual([expect.objectContaining({ nodeId: 1 })]);
    expect(cluster.controller).toBe(1);
  });

  it('stores a message from an idempotent producer and hands it to a consumer', async () => {
    expect(await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true })).toBe(
      true,
    );

    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    const body = JSON.stringify({ type: 'measurement.recorded', weightKg: 72.4 });
    const [written] = await producer.send({
      topic,
      acks: -1,
      messages: [{ key: 'member-1', value: body, headers: { source: 'infra-local-test' } }],
    });
    await producer.disconnect();
    expect(written).toMatchObject({ topicName: topic, partition: 0, errorCode: 0 });

    const consumer = kafka.consumer({ groupId: `${topic}-reader` });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const received = new Promise<{ key?: string; value?: string; source?: string }>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          resolve({
            key: message.key?.toString(),
            value: message.value?.toString(),
            source: message.headers?.source?.toString(),
          });
        },
      });
    });
    const message = await received;
    await consumer.disconnect();
    await admin.deleteGroups([`${topic}-reader`]).catch(() => undefined);

    expect(message).toEqual({ key: 'member-1', value: body, source: 'infra-local-test' });
  });

  it('deletes the topic it was asked to delete', async () => {
    await admin.deleteTopics({ topics: [topic] });
    expect(await admin.listTopics()).not.toContain(topic);
  });
});
