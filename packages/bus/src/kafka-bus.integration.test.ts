// The Kafka adapter against the bus contract (bus.cases.ts) on the real broker: every case a topic prefix
// of its own under this file's, all deleted (topics and consumer groups) afterwards. Plus what only a
// broker can do: be away.
import { afterAll, describe, expect, it } from 'vitest';
import { topics } from '@bodymetrics/contracts';
import { busContractCases } from './bus.cases';
import { KafkaAdmin } from './kafka-admin';
import { KafkaBus } from './kafka-bus';
import { BusUnavailableError } from './types';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const filePrefix = `test.bus-contract.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.`;

afterAll(async () => {
  const admin = new KafkaAdmin({ brokers, clientId: 'test-bus-contract-cleanup' });
  try {
    await admin.deleteByPrefix(filePrefix);
  } finally {
    await admin.close();
  }
});

describe('kafka bus: the bus contract', () => {
  let n = 0;
  busContractCases(() =>
    Promise.resolve(
      new KafkaBus({
        brokers,
        clientId: 'test-bus-contract',
        topicPrefix: `${filePrefix}${++n}.`,
        partitions: 3,
        publishTimeoutMs: 5000,
      }),
    ),
  );
});

describe('kafka bus: a broker that is away', () => {
  it('fails a publish with BusUnavailableError within the publish timeout (tracking answers 503)', async () => {
    // Nothing listens on port 1: the broker is away from the first write.
    const bus = new KafkaBus({ brokers: ['127.0.0.1:1'], clientId: 'test-bus-away', publishTimeoutMs: 500 });
    const began = Date.now();
    await expect(
      bus.publish(topics.journey, {
        visitorId: 'v',
        sessionId: 's',
        step: 'landing',
        ipAddress: null,
        requestUserAgent: null,
      }),
    ).rejects.toBeInstanceOf(BusUnavailableError);
    expect(Date.now() - began).toBeLessThan(3000);
    await bus.close();
  });
});
