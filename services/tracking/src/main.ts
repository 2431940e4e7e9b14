// Process entry: reads the environment, connects the Kafka producer and the (read-only) Postgres pool,
// listens on :8081.
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { buildApp } from './app';
import { trackingSettingsFromEnv } from './config';
import { trackingAdapters } from './process';

const config = trackingSettingsFromEnv();
const adapters = await trackingAdapters(config, {
  error: (details, message) => app.log.error(details, message),
});
const app = buildApp({ ...adapters.options, logger: { level: config.LOG_LEVEL } });
app.addHook('onClose', () => adapters.close());
await runService(app, { host: config.HOST, port: config.PORT, timeouts: serverTimeoutsOf(config) });
