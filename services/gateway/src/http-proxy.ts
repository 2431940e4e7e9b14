// Proxies the HTTP routes of the route table to their services. Bodies are read as bytes (with the 64 KB
// limit) and passed on unchanged: the gateway never reinterprets JSON or beacon text. Tracking routes share
// two budgets (service-kit's rate limiter, in Redis when a client is given so that every gateway instance
// counts together): one per client network (IPv4 address, IPv6 /64), sized for the people behind one
// address, and within it one per browser (network and User-Agent), sized for one person, so that one
// script cannot send what a whole office would.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { badRequest, rateLimitKey } from '@bodymetrics/service-kit';
import { rateLimiter, waitInWords, type RateLimitStore } from '@bodymetrics/service-kit/rate-limit';
import { forwardedHeaders } from './forwarded-headers';
import { crossOriginRefused, fromSameOrigin, safeMethods } from './same-origin';
import {
  mountInProcess,
  type InProcessName,
  type InProcessService,
  type InProcessServices,
} from './in-process-service';
import { routeTable, type GatewayUpstreams, type ProxyRoute } from './route-table';
import { roundRobin } from './upstream-pool';
import { replyUpstreamUnavailable } from './upstream-errors';

export interface TrackingRateLimit {
  /** Requests per client network (IPv4 address or IPv6 /64) per window across all tracking routes. */
  max: number;
  /**
   * Requests per browser (client network and User-Agent) per window across the routes our pages call
   * (the same-origin ones; a network's postback is not a browser). Default: perBrowserMaxOf.
   */
  perBrowserMax?: number;
  /** Window in milliseconds (one minute by default). */
  timeWindowMs?: number;
  /** Redis key prefix, so tests and environments sharing a Redis do not count together. */
  redisKeyPrefix?: string;
}

export interface HttpProxyOptions {
  upstreams: GatewayUpstreams;
  /** Services answered in this process instead of proxied (in-process-service.ts). */
  inProcess?: InProcessServices;
  rateLimit: TrackingRateLimit;
  redis?: Redis;
  /** How long an upstream may take to answer, in milliseconds. */
  upstreamTimeoutMs?: number;
  /** The site's origin (scheme://host[:port] of PUBLIC_BASE_URL), for the `sameOrigin` routes. */
  publicOrigin: string;
}

/**
 * A browser's budget: 120 calls a minute, or a fifth of its network's when that is more (a network budget
 * raised for a load test raises it alike). A person's tracking calls in a minute — a page view, a dozen
 * journey steps, form snapshots while typing (one a second at most), impressions, clicks, the unload
 * beacons — stay well under 120, with room for several tabs; a script sending as fast as it can meets it
 * within seconds.
 */
export const defaultPerBrowserRateLimit = 120;
export const perBrowserMaxOf = (limit: TrackingRateLimit): number =>
  limit.perBrowserMax ?? Math.max(defaultPerBrowserRateLimit, Math.floor(limit.max / 5));

/** One browser: its network and a digest of its User-Agent header (short keys in Redis). */
const browserKey = (request: FastifyRequest): string => {
  const ua = request.headers['user-agent'] ?? '';
  const digest = createHash('sha256').update(ua).digest('base64url').slice(0, 16);
  return `${rateLimitKey(request.ip)}:${digest}`;
};

// Dot segments would be resolved by the URL parser after routing, letting a path that matched one service
// reach another path on it (e.g. past the tracking rate limit). Browsers never send them.
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

export async function httpProxy(app: FastifyInstance, options: HttpProxyOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const timeout = options.upstreamTimeoutMs ?? 30_000;
  await app.register(replyFrom, {
    disableRequestLogging: true,
    destroyAgent: true,
    undici: {
      connections: 128,
      pipelining: 1,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      // Upstreams over https are verified (reply-from's own default would not check certificates).
      connect: { timeout: 5_000, rejectUnauthorized: true },
    },
  });

  // One rotation per service, shared by all its routes, so replicas share the load evenly.
  const nextBase = new Map<ProxyRoute['upstream'], () => string>();
  const handlerFor = (route: ProxyRoute) => {
    let pick = nextBase.get(route.upstream);
    const target = options.upstreams[route.upstream];
    if (!target)
      throw new Error(`the gateway needs ${route.upstream}'s URL, or ${route.upstream} in-process`);
    if (!pick) nextBase.set(route.upstream, (pick = roundRobin(target)));
    const next = pick;
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const base = next();
      if (dotSegment.test(request.url.split('?')[0] ?? ''))
        throw badRequest('path', 'must not contain dot segments');
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      return reply.from(`${base}${request.url}`, {
        ...(body ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
        rewriteRequestHeaders: forwardedHeaders,
        // GETs answered 503 are not retried: a service that says it is unavailable is believed.
        retryDelay: () => null,
        onError: (r, { error }) => replyUpstreamUnavailable(r, route.upstream, error),
      });
    };
  };

  // A service served in this process gets no proxy entries: its own routes take their places (below).
  const inProcess = options.inProcess ?? {};
  const inProcessServices = Object.entries(inProcess) as [InProcessName, InProcessService][];
  const proxied = (route: ProxyRoute) => !(route.upstream in inProcess);
  const addRoutes = (scope: FastifyInstance, routes: readonly ProxyRoute[]) => {
    for (const route of routes.filter(proxied))
      scope.route({ method: route.methods, url: route.url, handler: handlerFor(route) });
  };

  // The same-origin rule runs before the tracking budget is counted: a foreign page open in a visitor's
  // browser must not spend that visitor's budget (and so get our own page's events refused with 429).
  // (In-process services add their routes' entries: mountInProcess.)
  const routeByUrl = new Map(routeTable.map((route) => [route.url, route]));
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const route =
      request.routeOptions.url === undefined ? undefined : routeByUrl.get(request.routeOptions.url);
    if (
      route?.sameOrigin &&
      !safeMethods.has(request.method) &&
      !fromSameOrigin(request.headers, options.publicOrigin, { referer: route.refererProves })
    )
      throw crossOriginRefused();
  });

  const windowMs = options.rateLimit.timeWindowMs ?? 60_000;
  // A Redis outage must not take visitor tracking down with it: count nothing rather than refuse.
  const store: RateLimitStore = options.redis
    ? {
        kind: 'redis',
        redis: options.redis,
        keyPrefix: options.rateLimit.redisKeyPrefix ?? 'bm:gateway:rate-limit:',
        whenDown: 'let-through',
      }
    : { kind: 'memory' };
  const perNetwork = rateLimiter('network', { max: options.rateLimit.max, windowMs }, store);
  const perBrowser = rateLimiter('browser', { max: perBrowserMaxOf(options.rateLimit), windowMs }, store);

  await app.register(async (limited) => {
    limited.addHook('onRequest', async (request: FastifyRequest) => {
      await perNetwork.takeOrRefuse(
        rateLimitKey(request.ip),
        (seconds) => `Rate limit exceeded, retry in ${waitInWords(seconds)}`,
      );
      const url = request.routeOptions.url;
      if (url === undefined || !routeByUrl.get(url)?.sameOrigin) return;
      await perBrowser.takeOrRefuse(
        browserKey(request),
        'Too many tracking calls from this browser; try again later',
      );
    });
    addRoutes(
      limited,
      routeTable.filter((r) => r.rateLimited),
    );
    // Services in this process: their budgeted routes (tracking's, the postback) inside the rate limit's
    // scope and below the same-origin hook, like their proxied entries.
    for (const [name, service] of inProcessServices)
      await limited.register(async (scope) =>
        mountInProcess(scope, name, service, 'budgeted', routeTable, routeByUrl),
      );
  });
  addRoutes(
    app,
    routeTable.filter((r) => !r.rateLimited),
  );
  // And their other routes (analytics', offers' in the embedded mode) outside it, like their proxied entries.
  for (const [name, service] of inProcessServices)
    await app.register(async (scope) =>
      mountInProcess(scope, name, service, 'unbudgeted', routeTable, routeByUrl),
    );
}
