// The gateway (design §1): the single public entry. Routes /api/* to the services by the route table,
// proxies the /analytics-ws socket to live, serves the two React builds, and puts security headers, the
// body limit, the request timeouts, the connection caps, the same-origin rule of the admin routes and the
// tracking rate limit in front of everything. Its metrics and detailed readiness are on a second,
// internal app (`gateway.internal`), listening where main.ts says (METRICS_HOST:METRICS_PORT), never on
// the public port.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import {
  answerWithRequestId,
  clientErrorHandler,
  frameworkErrors,
  installErrorHandler,
  installMetrics,
  metricsPath,
  requestIdOptions,
  scrape,
  serverTimeoutOptions,
  type ServerTimeouts,
} from '@bodymetrics/service-kit';
import { defaultConnectionLimits, limitConnections, type ConnectionLimits } from './connection-limits';
import { httpProxy, type TrackingRateLimit } from './http-proxy';
import { closeStrayUpgrades, defaultSocketsPerClient, liveSocket } from './live-socket';
import { defaultAdminDir, defaultPublicDir } from './paths';
import type { InProcessServices } from './in-process-service';
import { upstreamNames, type GatewayUpstreams } from './route-table';
import { securityHeaders } from './security-headers';
import { serveOpenApi } from './openapi';
import { spaHosting } from './spa-hosting';
import { upstreamReadiness, upstreamReadinessDetail } from './readiness';

export interface GatewayOptions {
  /** Each proxied service's URL; a service served in-process has none. */
  upstreams?: GatewayUpstreams;
  /**
   * Services answered in the gateway's own process instead of proxied (in-process-service.ts): every one
   * in the embedded mode (composeSystem), tracking with TRACKING_IN_PROCESS=1 in the distributed one.
   */
  inProcess?: InProcessServices;
  /** web-public build; default <repo>/web-public/dist. */
  publicDir?: string;
  /** web-admin build; default <repo>/web-admin/dist. */
  adminDir?: string;
  /** Shared store for the rate limit across gateway instances; owned (and closed) by the caller. */
  redis?: Redis;
  /** Per-IP budget of the tracking routes; default 600 per minute. */
  rateLimit?: TrackingRateLimit;
  logger?: FastifyServerOptions['logger'];
  /** The site's public address; HSTS is sent only when it is https. */
  publicBaseUrl?: string;
  /** Proxies in front of the gateway to trust for the client address (fastify trustProxy); none by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  upstreamTimeoutMs?: number;
  /** Request and idle-connection timeouts (REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS); service-kit's defaults. */
  timeouts?: Partial<ServerTimeouts>;
  /** MAX_CONNECTIONS and CONNECTIONS_PER_CLIENT; defaults below. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Open /analytics-ws sockets per client address (SOCKETS_PER_CLIENT). */
  socketsPerClient?: number;
}

export const bodyLimitBytes = 64 * 1024;
export const defaultTrackingRateLimit = 600;

/** The public app, and `internal`: the metrics listener's app (GET /metrics, the detailed GET /readyz). */
export type Gateway = FastifyInstance & { internal: FastifyInstance };

export async function buildGateway(options: GatewayOptions): Promise<Gateway> {
  const upstreams = options.upstreams ?? {};
  const { live: inProcessLive, ...inProcessHttp } = options.inProcess ?? {};
  // Each service one way: proxied to its URL, or served here.
  for (const name of upstreamNames)
    if (!upstreams[name] === !options.inProcess?.[name])
      throw new Error(
        upstreams[name]
          ? `the gateway serves ${name} in-process or proxies it to its URL, not both`
          : `the gateway needs ${name}'s URL, or ${name} in-process`,
      );
  const inProcessNames = Object.keys(options.inProcess ?? {});
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: bodyLimitBytes,
    // A body that stalls is cut (408) instead of holding its socket forever.
    ...serverTimeoutOptions(options.timeouts),
    trustProxy: options.trustProxy ?? false,
    // A load balancer's request id is kept, for one id across the hops.
    ...requestIdOptions,
    // A malformed or over-long path answers in the one error shape too.
    frameworkErrors,
    clientErrorHandler,
  });
  installErrorHandler(app);
  const publicOrigin = new URL(options.publicBaseUrl ?? 'http://127.0.0.1:8080').origin;
  // Behind trusted load balancers every TCP peer is one of them: they hold the per-address cap instead.
  const trustsProxies =
    typeof options.trustProxy === 'function' ? options.trustProxy('', 0) : Boolean(options.trustProxy);
  const connectionLimits = { ...defaultConnectionLimits, ...options.connectionLimits };
  limitConnections(app.server, {
    ...connectionLimits,
    connectionsPerClient: trustsProxies ? 0 : connectionLimits.connectionsPerClient,
  });
  // The gateway's request rate and latency by route pattern and status (service-kit), scraped on the
  // internal listener only: the public port answers /metrics with 404 whoever asks.
  const metrics = installMetrics(app, { service: 'gateway', route: false });
  const internal = Fastify({ logger: false, frameworkErrors, clientErrorHandler });
  installErrorHandler(internal);
  internal.get(metricsPath, { logLevel: 'silent' }, scrape(metrics.registry));
  internal.get('/readyz', { logLevel: 'silent' }, upstreamReadinessDetail(upstreams, inProcessNames));
  app.decorate('internal', internal);
  app.addHook('onClose', async () => {
    await internal.close();
  });
  answerWithRequestId(app);
  app.addHook('onRequest', closeStrayUpgrades);

  await securityHeaders(app, { https: options.publicBaseUrl?.startsWith('https:') ?? false });

  // Not served here (it is on the internal listener), and not left to the SPA fallback either.
  app.get(metricsPath, { logLevel: 'silent' }, async (request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No route for GET ${metricsPath}` } }),
  );
  app.get('/healthz', { logLevel: 'silent' }, async () => ({ status: 'ok', service: 'gateway' }));
  app.get('/readyz', { logLevel: 'silent' }, upstreamReadiness(upstreams, inProcessNames));
  serveOpenApi(app);

  await app.register(httpProxy, {
    upstreams,
    inProcess: inProcessHttp,
    rateLimit: options.rateLimit ?? { max: defaultTrackingRateLimit },
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.upstreamTimeoutMs ? { upstreamTimeoutMs: options.upstreamTimeoutMs } : {}),
    publicOrigin,
  });
  await app.register(liveSocket, {
    served: inProcessLive ? { inProcess: inProcessLive } : { url: upstreams.live as string },
    publicOrigin,
    socketsPerClient: options.socketsPerClient ?? defaultSocketsPerClient,
  });
  await app.register(spaHosting, {
    publicDir: options.publicDir ?? defaultPublicDir,
    adminDir: options.adminDir ?? defaultAdminDir,
  });
  return app as unknown as Gateway;
}

export { defaultConnectionLimits } from './connection-limits';
export type { InProcessService, InProcessServices } from './in-process-service';
export type { GatewayUpstreams } from './route-table';
export { defaultSocketsPerClient } from './live-socket';
