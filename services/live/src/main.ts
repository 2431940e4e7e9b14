// Process entry: reads the environment, connects Postgres (admin sessions) and Redis (presence), listens on :8086.
import { createDb } from '@bodymetrics/db';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { liveSettingsFromEnv } from './config';

const config = liveSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL, max: 5 });
const app = buildApp({
  db,
  presence: config.PRESENCE,
  redisUrl: config.REDIS_URL,
  keyPrefix: config.REDIS_KEY_PREFIX,
  activeWindowMs: config.ACTIVE_WINDOW_MS,
  sweepIntervalMs: config.SWEEP_INTERVAL_MS,
  heartbeatMs: config.WS_HEARTBEAT_MS,
  sessionRecheckMs: config.SESSION_RECHECK_MS,
  maxSocketsPerIp: config.MAX_SOCKETS_PER_IP,
  presenceMaxPerNetwork: config.PRESENCE_MAX_PER_NETWORK,
  presenceMaxTotal: config.PRESENCE_MAX_TOTAL,
  rateLimit: { messages: config.RATE_LIMIT_MESSAGES, windowMs: config.RATE_LIMIT_WINDOW_MS },
  logger: { level: config.LOG_LEVEL },
});
app.addHook('onClose', () => db.destroy());
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
