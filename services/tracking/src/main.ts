// Process entry: reads the environment, connects the Kafka producer and the (read-only) Postgres pool,
// listens on :8081.
import { KafkaBus } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { createDb } from '@bodymetrics/db';
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
// A small pool: one query per offer-cache period per replica. A Postgres that is away fails the click
// within a second (503), like a bus that is away.
const db = createDb({ connectionString: config.DATABASE_URL, max: 2, connectionTimeoutMillis: 1000 });
const app = buildApp({
  bus,
  ipStorage: config.IP_STORAGE,
  db,
  offerCacheTtlMs: config.OFFER_CACHE_TTL_MS,
  logger: { level: config.LOG_LEVEL },
});
app.addHook('onClose', async () => {
  await bus.close();
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
