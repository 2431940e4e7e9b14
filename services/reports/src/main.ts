// Process entry: reads the environment, connects Postgres, the mailer, the Kafka producer and (optionally)
// Redis, listens on :8083.
import { Redis } from 'ioredis';
import { kafkaBusOf } from '@bodymetrics/bus';
import { trackingTopics } from '@bodymetrics/contracts';
import { createDb } from '@bodymetrics/db';
import { mailerOfSettings } from '@bodymetrics/mail';
import { processVisitorKeys, runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { reportsRateLimitOf, reportsSettingsFromEnv } from './config';

const config = reportsSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL });
const mailer = mailerOfSettings(config);
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
// The funnel's email_provided and report_sent go on the journey topic, like the page's steps.
const bus = kafkaBusOf(config, 'reports');
await bus.ensureTopics(trackingTopics);

const app = buildApp({
  db,
  mailer,
  bus,
  // tracking's salt (same Redis, same prefix), so a visitor's report steps count for the visitor who landed.
  visitorKeys: processVisitorKeys({
    timeZone: config.ANALYTICS_TZ,
    redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log: { error: (details, message) => app.log.error(details, message) },
  }),
  redis,
  redisKeyPrefix: config.REDIS_KEY_PREFIX,
  publicBaseUrl: config.PUBLIC_BASE_URL,
  contactTo: config.CONTACT_TO,
  ipStorage: config.IP_STORAGE,
  rateLimit: reportsRateLimitOf(config),
  newsletterConfirmationTtlMs: config.NEWSLETTER_CONFIRMATION_TTL_MS,
  logger: { level: config.LOG_LEVEL },
});
// main.ts created these clients, so it closes them — after the app has stopped taking requests.
app.addHook('onClose', async () => {
  mailer.close();
  await bus.close();
  redis?.disconnect();
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
