// Process entry: reads the environment, connects the Kafka producer, listens on :8081.
import { KafkaBus } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { trackingConfig } from './config';

const config = trackingConfig();
const bus = new KafkaBus({
  brokers: config.KAFKA_BROKERS.split(','),
  clientId: `tracking-${process.pid}`,
  topicPrefix: config.TOPIC_PREFIX,
  partitions: config.KAFKA_PARTITIONS,
  publishTimeoutMs: config.PUBLISH_TIMEOUT_MS,
});
await bus.ensureTopics(trackingTopics);
const app = buildApp({ bus, ipStorage: config.IP_STORAGE, logger: { level: config.LOG_LEVEL } });
app.addHook('onClose', () => bus.close());
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
