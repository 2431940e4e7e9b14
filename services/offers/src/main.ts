// The offers process: reads the environment, seeds the shipped content, listens on PORT (8082).
import { createDb, seedContent } from '@bodymetrics/db';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { offersSettingsFromEnv } from './config';

const config = offersSettingsFromEnv();
const db = createDb({ connectionString: config.DATABASE_URL });
const app = buildApp({
  db,
  postback: {
    token: config.POSTBACK_TOKEN,
    currency: config.REVENUE_CURRENCY,
    timeZone: config.ANALYTICS_TZ,
    maxPayout: config.POSTBACK_MAX_PAYOUT,
    maxConversionsPerClick: config.POSTBACK_MAX_CONVERSIONS_PER_CLICK,
  },
  shares: { windowDays: config.OFFER_SHARE_WINDOW_DAYS },
  supportNote: config.EATING_DISORDER_SUPPORT_TEXT,
  logger: { level: config.LOG_LEVEL },
});
app.addHook('onClose', async () => {
  await db.destroy();
});

if (config.SEED_CONTENT) {
  const seeded = await seedContent(db);
  app.log.info(seeded, 'content seeded');
}
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
