// Prometheus metrics (prom-client) for every process: GET /metrics in the text exposition format, the
// request rate and latency of every route by status, and the process's own figures (CPU, memory, event
// loop). Each app has its own registry, so two apps in one process (tests, the embedded mode) never
// count into each other. Services add their own metrics to `app.metrics.registry`, or get-or-create
// one with `counterOf` / `gaugeOf` wherever they need it.
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

/**
 * Adds the HTTP request metrics and GET /metrics to an app. Idempotent per app. With `route: false` (the
 * gateway, whose port is public) the app only counts; the scrape is served on a listener of its own.
 */
export function installMetrics(
  app: FastifyInstance,
  { service, route = true }: { service: string; route?: boolean },
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

  if (route) app.get(metricsPath, { logLevel: 'silent' }, scrape(registry));
  return metrics;
}

/** A handler answering a scrape of the registry in the text exposition format. */
export function scrape(registry: Registry) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  };
}

/** The app's metric of that name, created on first use (a route and a setup step may both ask for it). */
function metricOf<M>(app: FastifyInstance, name: string, create: (registers: Registry[]) => M): M {
  return (app.metrics.registry.getSingleMetric(name) as M | undefined) ?? create([app.metrics.registry]);
}

/** The app's counter of that name, created on first use. */
export const counterOf = <L extends string>(
  app: FastifyInstance,
  config: Omit<CounterConfiguration<L>, 'registers'>,
): Counter<L> => metricOf(app, config.name, (registers) => new Counter({ ...config, registers }));

/** The app's gauge of that name, created on first use. */
export const gaugeOf = <L extends string>(
  app: FastifyInstance,
  config: Omit<GaugeConfiguration<L>, 'registers'>,
): Gauge<L> => metricOf(app, config.name, (registers) => new Gauge({ ...config, registers }));

// Services build their own metrics with the same prom-client as the registry they join.
export { Counter, Gauge, Histogram } from 'prom-client';
