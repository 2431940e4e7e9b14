// The analytics process on its own (distributed mode): reads the environment, connects, listens.
import { createDb } from '@bodymetrics/db';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { analyticsSettingsFromEnv } from './config';

const config = analyticsSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL });
const app = buildApp({ db, timeZone: config.ANALYTICS_TZ, logger: { level: config.LOG_LEVEL } });
app.addHook('onClose', async () => {
  await db.destroy();
});
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
