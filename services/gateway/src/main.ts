// The gateway process: reads the environment, connects Redis when configured, listens on PORT (8080) and,
// for the operator's scraper only, on METRICS_HOST:METRICS_PORT (loopback:9464 by default). With
// TRACKING_IN_PROCESS=1 it also makes tracking's adapters from tracking's settings and serves the tracking
// routes itself.
import { Redis } from 'ioredis';
import { runService, serverTimeoutsOf } from '@bodymetrics/service-kit';
import { inProcessTracking } from '@bodymetrics/tracking';
import { trackingAdapters } from '@bodymetrics/tracking/process';
import { trackingSettingsFromEnv } from '@bodymetrics/tracking/settings';
import { buildGateway } from './app';
import { gatewaySettingsFromEnv } from './config';

const config = gatewaySettingsFromEnv();
// Commands fail at once while Redis is away (the rate limit then lets requests through) instead of queueing.
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  : undefined;
redis?.on('error', () => {});

const tracking = config.TRACKING_IN_PROCESS
  ? await trackingAdapters(trackingSettingsFromEnv(), {
      error: (details, message) => app.log.error(details, message),
    })
  : undefined;

const app = await buildGateway({
  upstreams: {
    ...(tracking ? {} : { tracking: config.TRACKING_URL }),
    offers: config.OFFERS_URL,
    reports: config.REPORTS_URL,
    adminAuth: config.ADMIN_AUTH_URL,
    analytics: config.ANALYTICS_URL,
    live: config.LIVE_URL,
  },
  ...(tracking ? { inProcess: { tracking: inProcessTracking(tracking.options) } } : {}),
  publicDir: config.PUBLIC_DIR,
  adminDir: config.ADMIN_DIR,
  ...(redis ? { redis } : {}),
  rateLimit: {
    max: config.RATE_LIMIT_TRACKING_PER_MINUTE,
    perBrowserMax: config.RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE,
  },
  logger: { level: config.LOG_LEVEL },
  publicBaseUrl: config.PUBLIC_BASE_URL,
  // The last TRUST_PROXY_HOPS addresses of X-Forwarded-For are our own proxies; the one before is the visitor.
  trustProxy: (_address, hop) => hop < config.TRUST_PROXY_HOPS,
  timeouts: serverTimeoutsOf(config),
  connectionLimits: {
    maxConnections: config.MAX_CONNECTIONS,
    connectionsPerClient: config.CONNECTIONS_PER_CLIENT,
  },
  socketsPerClient: config.SOCKETS_PER_CLIENT,
});
app.addHook('onClose', async () => {
  redis?.disconnect();
  await tracking?.close();
});
await app.internal.listen({ host: config.METRICS_HOST, port: config.METRICS_PORT });
await runService(app, { host: config.HOST, port: config.PORT });
