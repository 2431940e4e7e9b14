// Process entry: Kafka consumer → Postgres, "analytics changed" notices on Redis, health on :8087, and the
// daily retention job. On SIGTERM it stops consuming (finishing the batch in hand), then closes Kafka, Redis
// and Postgres once.
import { Redis } from 'ioredis';
import { kafkaBusOf } from '@bodymetrics/bus';
import { analyticsChangedNotice, notifierOf } from '@bodymetrics/contracts';
import { createDb } from '@bodymetrics/db';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildHealthApp, createDeadLetterCounter, startAggregator, startRetention } from './app';
import { aggregatorSettingsFromEnv } from './config';
import { startPostgresBackups } from './scheduled-backups';

const config = aggregatorSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL });
const redis = new Redis(config.REDIS_URL, {
  lazyConnect: false,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
});
redis.on('error', () => {}); // notices are best effort; Redis being away must not stop the counting
const deadLetters = createDeadLetterCounter();
const bus = kafkaBusOf(config, 'aggregator', {
  sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
  onDeadLetter: deadLetters.onDeadLetter,
});
const aggregator = await startAggregator({
  db,
  bus,
  timeZone: config.ANALYTICS_TZ,
  clickRules: { clicksPerMinute: config.SUSPICIOUS_CLICKS_PER_MINUTE },
  partitionsConsumedConcurrently: config.AGGREGATOR_PARTITIONS_CONCURRENTLY,
  notify: notifierOf(analyticsChangedNotice, { redis, keyPrefix: config.REDIS_KEY_PREFIX }),
});
const app = buildHealthApp(aggregator, { level: config.LOG_LEVEL }, deadLetters.counter);
// Deletes raw events older than RETENTION_DAYS now and every 24 h (the aggregates stay).
const retention = startRetention({
  db,
  retentionDays: config.RETENTION_DAYS,
  timeZone: config.ANALYTICS_TZ,
  log: (message, details) => app.log.info(details, message),
});
// BACKUP_DIR: a daily pg_dump snapshot there, the newest BACKUP_KEEP kept (one aggregator at a time).
const backups =
  config.BACKUP_DIR === undefined
    ? undefined
    : startPostgresBackups({
        db,
        databaseUrl: config.DATABASE_URL,
        dir: config.BACKUP_DIR,
        keep: config.BACKUP_KEEP,
        log: (line, err) => (err ? app.log.error({ err }, line) : app.log.info(line)),
      });
app.addHook('onClose', async () => {
  await backups?.stop();
  await retention.stop();
  await aggregator.shutdown();
  await bus.close();
  redis.disconnect();
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
