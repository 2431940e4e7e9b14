// Process entry: reads the environment, connects the Kafka producer, listens on :8081.
import { KafkaBus } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { Redis } from 'ioredis';
import {
  memorySaltStore,
  redisSaltStore,
  runService,
  serverTimeoutsOf,
  visitorKeys,
} from '@bodymetrics/service-kit';
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
// Several tracking processes must share the day's salt, or one visitor would count once per process.
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  : undefined;
const app = buildApp({
  bus,
  ipStorage: config.IP_STORAGE,
  visitorKeys: visitorKeys(
    config.ANALYTICS_TZ,
    redis ? redisSaltStore(redis, config.REDIS_KEY_PREFIX) : memorySaltStore(),
    (err) => app.log.error({ err }, 'visitor salt: Redis unavailable, using this process’s own salt today'),
  ),
  logger: { level: config.LOG_LEVEL },
});
app.addHook('onClose', async () => {
  await bus.close();
  redis?.disconnect();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
