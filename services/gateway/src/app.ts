// The gateway (design §1): the single public entry. Routes /api/* to the services by the route table,
// proxies the /analytics-ws socket to live, serves the two React builds, and puts security headers, the
// body limit and the tracking rate limit in front of everything.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { clientErrorHandler, frameworkErrors, installErrorHandler, installMetrics } from '@bodymetrics/service-kit';
import { httpProxy, type TrackingRateLimit } from './http-proxy';
import { liveSocketProxy } from './live-socket';
import { defaultAdminDir, defaultPublicDir } from './paths';
import type { Upstreams } from './route-table';
import { securityHeaders } from './security-headers';
import { spaHosting } from './spa-hosting';
import { upstreamReadiness } from './readiness';

export interface GatewayOptions {
  upstreams: Upstreams;
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
}

export const bodyLimitBytes = 64 * 1024;
export const defaultTrackingRateLimit = 600;

// An incoming request id is kept (a load balancer's, for one id across the hops) only if it looks like one.
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildGateway(options: GatewayOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: bodyLimitBytes,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    // A malformed or over-long path answers in the one error shape too.
    frameworkErrors,
    clientErrorHandler,
  });
  installErrorHandler(app);
  // GET /metrics: the gateway's request rate and latency by route pattern and status (service-kit); on
  // this public port it answers only scrapers on loopback or private networks.
  installMetrics(app, { service: 'gateway', internalOnly: true });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await securityHeaders(app, { https: options.publicBaseUrl?.startsWith('https:') ?? false });

  app.get('/healthz', { logLevel: 'silent' }, async () => ({ status: 'ok', service: 'gateway' }));
  app.get('/readyz', { logLevel: 'silent' }, upstreamReadiness(options.upstreams));

  await app.register(httpProxy, {
    upstreams: options.upstreams,
    rateLimit: options.rateLimit ?? { max: defaultTrackingRateLimit },
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.upstreamTimeoutMs ? { upstreamTimeoutMs: options.upstreamTimeoutMs } : {}),
  });
  await app.register(liveSocketProxy, { liveUrl: options.upstreams.live });
  await app.register(spaHosting, {
    publicDir: options.publicDir ?? defaultPublicDir,
    adminDir: options.adminDir ?? defaultAdminDir,
  });
  return app;
}

export type Gateway = Awaited<ReturnType<typeof buildGateway>>;
