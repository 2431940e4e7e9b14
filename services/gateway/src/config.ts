// The gateway's settings (docs/operating.md), read once at start (main.ts) and validated with a message
// naming the variable. The fragment is exported so the embedded mode reads the same names with the same
// defaults (@bodymetrics/gateway/settings).
import { z } from 'zod';
import { commonEnv, flagEnv, loadConfig, portEnv } from '@bodymetrics/service-kit';
import { defaultTrackingRateLimit } from './app';
import { defaultConnectionLimits } from './connection-limits';
import { defaultSocketsPerClient } from './live-socket';
import { defaultAdminDir, defaultPublicDir } from './paths';

const serviceUrl = (port: number) => z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${port}`);
/** One URL, or several replicas separated by commas (taken in turns). */
const serviceUrls = (port: number) =>
  z
    .string()
    .default(`http://127.0.0.1:${port}`)
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1, 'needs at least one URL'));

export { defaultAdminDir, defaultPublicDir };

export const gatewaySettings = z.object({
  ...commonEnv,
  PORT: portEnv(8080),
  /** e.g. http://127.0.0.1:8081,http://127.0.0.1:8091 for two tracking processes (round-robin). */
  TRACKING_URL: serviceUrls(8081),
  /**
   * Serve the tracking routes inside this process (in-process-service.ts) instead of proxying them to
   * TRACKING_URL: no proxy hop on the ingest path. The gateway then reads tracking's own settings too
   * (KAFKA_BROKERS, DATABASE_URL, IP_STORAGE, …: @bodymetrics/tracking/settings). Off by default: tracking
   * processes scale apart from the gateway (TRACKING_REPLICAS); on, tracking scales with the gateways.
   */
  TRACKING_IN_PROCESS: flagEnv.default(false),
  OFFERS_URL: serviceUrl(8082),
  REPORTS_URL: serviceUrl(8083),
  ADMIN_AUTH_URL: serviceUrl(8084),
  ANALYTICS_URL: serviceUrl(8085),
  LIVE_URL: serviceUrl(8086),
  /** Shared rate-limit counters across gateway instances; in-memory when unset. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_DIR: z.string().min(1).default(defaultPublicDir),
  ADMIN_DIR: z.string().min(1).default(defaultAdminDir),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
  /**
   * Tracking calls per minute per client: per IPv4 address and per IPv6 /64 (one subscriber's whole
   * prefix), across all tracking routes.
   */
  RATE_LIMIT_TRACKING_PER_MINUTE: z.coerce.number().int().positive().default(defaultTrackingRateLimit),
  /**
   * Tracking calls per minute per browser (client network and User-Agent) on the routes our pages call:
   * one person's budget within the network's. Unset: 120, or a fifth of RATE_LIMIT_TRACKING_PER_MINUTE
   * when that is more.
   */
  RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Number of proxies (load balancers) in front of the gateway whose X-Forwarded-For is trusted. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** Open connections in all (server.maxConnections); keep it under the process's `ulimit -n`. */
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(defaultConnectionLimits.maxConnections),
  /** Open connections per client address (IPv4 address, IPv6 /64); 0 = no cap. Off behind TRUST_PROXY_HOPS. */
  CONNECTIONS_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(0)
    .default(defaultConnectionLimits.connectionsPerClient),
  /** Open /analytics-ws sockets per client address. */
  SOCKETS_PER_CLIENT: z.coerce.number().int().positive().default(defaultSocketsPerClient),
  /**
   * The internal listener of GET /metrics and the detailed /readyz: never the public port. Loopback by
   * default; in a container, an address of the private network Prometheus scrapes from.
   */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Outside the services' 8080–8087; 0 = any free port. */
  METRICS_PORT: portEnv(9464),
});

const gatewayEnv = gatewaySettings.refine((c) => c.METRICS_PORT === 0 || c.METRICS_PORT !== c.PORT, {
  path: ['METRICS_PORT'],
  message: 'must differ from PORT: the metrics listener is never the public port',
});

export type GatewaySettings = z.infer<typeof gatewayEnv>;

export const gatewaySettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): GatewaySettings =>
  loadConfig(gatewayEnv, env);
