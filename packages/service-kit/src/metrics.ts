// Prometheus metrics (prom-client) for every process: GET /metrics in the text exposition format, the
// request rate and latency of every route by status, and the process's own figures (CPU, memory, event
// loop). Each app has its own registry, so two apps in one process (tests, the embedded mode) never
// count into each other. Services add their own metrics to `app.metrics.registry`, or get-or-create
// one with `counterOf` / `gaugeOf` wherever they need it.
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
} from 'prom-client';

export interface AppMetrics {
  registry: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const metricsPath = '/metrics';

// Request latencies of a small web service: 5 ms to 10 s.
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request matched, as its pattern (`/api/legal/:slug`), never the raw URL: raw URLs would
 * give every scanner's probe a time series of its own. Requests no route matched share one label.
 */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Loopback and private networks: where a Prometheus scraper lives, never a visitor. */
const internalNetworks = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  return list;
})();

/** Whether the TCP peer (not a forwarded header, which a client can write) is on an internal network. */
export function fromInternalNetwork(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const v4 = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  if (isIP(v4) === 4) return internalNetworks.check(v4, 'ipv4');
  if (isIP(peer) === 6) return internalNetworks.check(peer, 'ipv6');
  return false;
}

/**
 * Adds GET /metrics and the HTTP request metrics to an app. Idempotent per app. With `internalOnly`
 * (the gateway, the one public port) the scrape answers only peers on loopback or private networks;
 * anyone else gets the ordinary 404.
 */
export function installMetrics(
  app: FastifyInstance,
  { service, internalOnly = false }: { service: string; internalOnly?: boolean },
): AppMetrics {
  if (app.hasDecorator('metrics')) return app.metrics;
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending the answer, by route pattern and status code',
    labelNames,
    buckets: latencyBuckets,
    registers: [registry],
  });

  const metrics: AppMetrics = { registry };
  app.decorate('metrics', metrics);

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // The scrape itself is not traffic.
    if (request.routeOptions.url !== metricsPath) {
      const labels = {
        method: request.method,
        route: routeOf(request),
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get(metricsPath, { logLevel: 'silent' }, async (request, reply) => {
    if (internalOnly && !fromInternalNetwork(request)) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for GET ${metricsPath}` } });
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return metrics;
}

/** The app's counter of that name, created on first use (a route and a setup step may both ask for it). */
export function counterOf<L extends string>(
  app: FastifyInstance,
  config: Omit<CounterConfiguration<L>, 'registers'>,
): Counter<L> {
  const existing = app.metrics.registry.getSingleMetric(config.name);
  if (existing) return existing as Counter<L>;
  return new Counter({ ...config, registers: [app.metrics.registry] });
}

/** The app's gauge of that name, created on first use. */
export function gaugeOf<L extends string>(
  app: FastifyInstance,
  config: Omit<GaugeConfiguration<L>, 'registers'>,
): Gauge<L> {
  const existing = app.metrics.registry.getSingleMetric(config.name);
  if (existing) return existing as Gauge<L>;
  return new Gauge({ ...config, registers: [app.metrics.registry] });
}

// Services build their own metrics with the same prom-client as the registry they join.
export { Counter, Gauge, Histogram } from 'prom-client';
