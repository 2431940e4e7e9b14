// The analytics process on its own (distributed mode): reads the environment, connects, listens, and runs
// the weekly digest's scheduler (it owns the figures the digest reports).
import { createDb } from '@bodymetrics/db';
import { mailerOfSettings } from '@bodymetrics/mail';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { analyticsSettingsFromEnv } from './config';
import { startDigestScheduler } from './digest/scheduler';
import { startAlertEvaluator } from './alerts/alert-evaluator';

const config = analyticsSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL });
const mailer = mailerOfSettings(config);
const app = buildApp({
  db,
  mailer,
  timeZone: config.ANALYTICS_TZ,
  revenueCurrency: config.REVENUE_CURRENCY,
  apiKeyRateLimitPerMinute: config.RATE_LIMIT_API_KEY_PER_MINUTE,
  sharedViewPerMinute: config.RATE_LIMIT_SHARED_VIEW_PER_MINUTE,
  logger: { level: config.LOG_LEVEL },
});
const digests = startDigestScheduler({
  db,
  mailer,
  timeZone: config.ANALYTICS_TZ,
  sendHour: config.WEEKLY_DIGEST_HOUR,
  revenueCurrency: config.REVENUE_CURRENCY,
  log: (message, err) => app.log.error({ err }, message),
});
// The alert rules, every ALERT_EVAL_INTERVAL_MS; several analytics instances take turns (advisory lock).
const alerts = config.ALERTS_ENABLED
  ? startAlertEvaluator({
      db,
      mailer,
      timeZone: config.ANALYTICS_TZ,
      intervalMs: config.ALERT_EVAL_INTERVAL_MS,
      log: (message, err) => app.log.error({ err }, message),
    })
  : undefined;
// main.ts created these, so it closes them — after the app has stopped taking requests.
app.addHook('onClose', async () => {
  await digests.stop();
  await alerts?.stop();
  mailer.close();
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
