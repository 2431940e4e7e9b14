// The fastify app factory every service starts from (fastify/demo's app.ts): zod contracts as route
// schemas, one error shape, health and readiness endpoints, beacon bodies, request ids.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installErrorHandler } from './error-handler';
import { clientErrorHandler, frameworkErrors } from './framework-errors';
import { installMetrics } from './metrics';
import { refuseUnfitInput } from './input-guard';
import { installBodyParsers } from './body-parsers';
import { answerWithRequestId, requestIdOptions } from './request-id';
import { serverTimeoutOptions, type ServerTimeouts } from './server-limits';

export interface ServiceAppOptions {
  name: string;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted body, in bytes. */
  bodyLimit?: number;
  /** Checks behind /readyz: each resolves when its dependency answers. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Request and idle-connection timeouts; default `defaultServerTimeouts` (REQUEST_TIMEOUT_MS etc.). */
  timeouts?: Partial<ServerTimeouts>;
}

export function createServiceApp(options: ServiceAppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    // A body that stalls is cut (408) instead of holding its socket forever.
    ...serverTimeoutOptions(options.timeouts),
    // The gateway is the one hop in front of us: it appends the caller's address to X-Forwarded-For, so
    // only the rightmost entry is trusted (a visitor's own X-Forwarded-For cannot fake their address).
    // proxy-addr reads a hop count when given a function of (address, hop index).
    trustProxy: (_address: string, hop: number) => hop < 1,
    // The gateway's request id (X-Request-Id) becomes ours.
    ...requestIdOptions,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installMetrics(app, { service: options.name });
  refuseUnfitInput(app);

  // JSON everywhere; navigator.sendBeacon's text/plain only on routes with `config: { beacon: true }`.
  installBodyParsers(app);

  answerWithRequestId(app);

  app.get('/healthz', { logLevel: 'silent' }, () => ({ status: 'ok', service: options.name }));
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    const checks = Object.entries(options.readiness ?? {});
    const results = await Promise.all(
      checks.map(async ([name, check]) => {
        try {
          await check();
          return [name, 'ok'] as const;
        } catch (err) {
          return [name, (err as Error).message] as const;
        }
      }),
    );
    const ready = results.every(([, r]) => r === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) });
  });

  return app;
}

export type App = ReturnType<typeof createServiceApp>;

/**
 * What createServiceApp sets up for a service's routes, set up on an encapsulated scope of another app
 * instead: the zod contracts, the NUL and nesting refusal, JSON and beacon bodies only (the host's parsers are dropped in
 * the scope), and `bodyLimit` on every route of the scope. The gateway serves tracking this way inside its
 * own process (its in-process-service.ts); the host keeps its own error handler, request ids, logger and
 * metrics, which must be service-kit's (the gateway's are).
 */
export function serviceScope(scope: FastifyInstance, options: { bodyLimit?: number } = {}): App {
  scope.setValidatorCompiler(validatorCompiler);
  scope.setSerializerCompiler(serializerCompiler);
  refuseUnfitInput(scope);
  scope.removeAllContentTypeParsers();
  installBodyParsers(scope);
  const { bodyLimit } = options;
  if (bodyLimit !== undefined)
    scope.addHook('onRoute', (route) => {
      route.bodyLimit ??= bodyLimit;
    });
  return scope.withTypeProvider<ZodTypeProvider>() as unknown as App;
}
