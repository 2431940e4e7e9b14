// The admin-auth process on its own (distributed mode): reads the environment, connects, listens.
import { Redis } from 'ioredis';
import { createDb } from '@bodymetrics/db';
import { mailerOfSettings } from '@bodymetrics/mail';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { adminAuthSettingsFromEnv } from './config';

const config = adminAuthSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL });
// Fail fast while Redis is away: the rate limiters then fall back to per-process memory.
const redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
redis.on('error', () => {});
const mailer = mailerOfSettings(config);

const app = buildApp({
  db,
  redis,
  mailer,
  publicBaseUrl: config.PUBLIC_BASE_URL,
  sessionTtlHours: config.SESSION_TTL_HOURS,
  cookieSecure: config.COOKIE_SECURE,
  keyPrefix: config.REDIS_KEY_PREFIX,
  liveKeyPrefix: config.LIVE_KEY_PREFIX,
  deviceCookieSecret: config.DEVICE_COOKIE_SECRET,
  twoFactorRequired: config.ADMIN_2FA_REQUIRED,
  logger: { level: config.LOG_LEVEL },
});
app.addHook('onClose', async () => {
  mailer.close();
  redis.disconnect();
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
