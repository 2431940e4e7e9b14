// Process entry: reads the environment, connects the Kafka producer and the (read-only) Postgres pool,
// listens on :8081.
import { kafkaBusOf } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { Redis } from 'ioredis';
import { createDb } from '@bodymetrics/db';
import { processVisitorKeys, runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { trackingSettingsFromEnv } from './config';

const config = trackingSettingsFromEnv();
const bus = kafkaBusOf(config, 'tracking');
await bus.ensureTopics(trackingTopics);
// Several tracking processes must share the day's salt, or one visitor would count once per process.
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  : undefined;
// A small pool: one query per offer-cache period per replica. A Postgres that is away fails the click
// within a second (503), like a bus that is away.
const db = createDb({ connectionString: config.DATABASE_URL, max: 2, connectionTimeoutMillis: 1000 });
const app = buildApp({
  bus,
  ipStorage: config.IP_STORAGE,
  visitorKeys: processVisitorKeys({
    timeZone: config.ANALYTICS_TZ,
    redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log: { error: (details, message) => app.log.error(details, message) },
  }),
  db,
  offerCacheTtlMs: config.OFFER_CACHE_TTL_MS,
  logger: { level: config.LOG_LEVEL },
});
app.addHook('onClose', async () => {
  await bus.close();
  redis?.disconnect();
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
