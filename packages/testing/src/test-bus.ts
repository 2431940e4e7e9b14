// A Kafka bus whose topics carry a prefix of their own, created for the test and deleted after it (with the
// consumer groups named under it).
import { KafkaAdmin, KafkaBus } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { testInfra, uniqueTag } from './infra';

export interface TestBus {
  bus: KafkaBus;
  topicPrefix: string;
  /** Deletes the test's topics and closes the bus. */
  cleanup(): Promise<void>;
}

export async function createTestBus(
  label = 'test',
  options: { publishTimeoutMs?: number } = {},
): Promise<TestBus> {
  const topicPrefix = `test.${label}.${uniqueTag()}.`;
  const bus = new KafkaBus({
    brokers: testInfra().kafkaBrokers,
    clientId: `test-${label}`,
    topicPrefix,
    partitions: 3,
    publishTimeoutMs: options.publishTimeoutMs ?? 5000,
  });
  await bus.ensureTopics(trackingTopics);
  return {
    bus,
    topicPrefix,
    cleanup: async () => {
      await bus.close();
      // The test's topics, dead-letter topics and consumer groups (the services', the topic readers').
      const admin = new KafkaAdmin({ brokers: testInfra().kafkaBrokers, clientId: `test-${label}-cleanup` });
      await admin.deleteByPrefix(topicPrefix).catch(() => undefined);
      await admin.close();
    },
  };
}
