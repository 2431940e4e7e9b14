// The admin-auth service: login (with a second factor where enrolled or required), logout, session check,
// forgotten-password mail and password reset, and enrolling the second factor.
// Sessions live in Postgres (checked by the shared service-kit guard); rate-limit counters in Redis
// (rate-limits.ts).
import { sql } from 'kysely';
import { createServiceApp, requireAdminSession, type App } from '@bodymetrics/service-kit';
import type { AdminAuthDeps } from './deps';
import { createRateLimiters } from './rate-limits';
import { deviceMarkerKey } from './device-marker';
import { publishSessionsRevoked, quietly } from './sessions-revoked';
import { sessionRoutes } from './routes/session';
import { passwordResetRoutes } from './routes/password-reset';
import { secondFactorRoutes } from './routes/second-factor';
import { twoFactorRoutes } from './routes/two-factor';
import { adminAccountsRoutesPlugin } from './routes/admin-accounts';
import { apiKeysRoutesPlugin } from './routes/api-keys';
import type { FastifyBaseLogger } from 'fastify';

export type { AdminAuthDeps } from './deps';
export {
  ensureAdminFromEnv,
  createAdmin,
  setAdminPassword,
  setAdminActive,
  setAdminRole,
  AdminAccountError,
} from './admin-accounts';
export { hashPassword, verifyPassword } from './password-hash';
export { newPasswordProblem, weakPasswordMessages } from './password-policy';
export { publishSessionsRevoked, type AnnounceSessionsRevoked } from './sessions-revoked';
export { runAdminCommand, type AdminCommand } from './admin-command';

export function buildApp(deps: AdminAuthDeps) {
  const { redis } = deps;
  const app = createServiceApp({
    name: 'admin-auth',
    logger: deps.logger,
    readiness: {
      postgres: () => sql`select 1`.execute(deps.db),
      ...(redis ? { redis: () => redis.ping() } : {}),
    },
  });
  addAdminAuthRoutes(app, deps);
  return app;
}

/**
 * Admin-auth served inside the gateway's process (its in-process-service.ts), as the embedded mode does:
 * the same routes, limits and hooks, in the gateway's scope for them.
 */
export function inProcessAdminAuth(deps: Omit<AdminAuthDeps, 'logger'>) {
  return { routes: (scope: App) => addAdminAuthRoutes(scope, deps) };
}

/** Every route of admin-auth on `app`: its own app (buildApp), or a service scope of the gateway's. */
function addAdminAuthRoutes(app: App, deps: Omit<AdminAuthDeps, 'logger'>): void {
  const { redis } = deps;
  const limiters = createRateLimiters(redis, deps.keyPrefix, deps.rateLimits);

  const pending = new Set<Promise<void>>();
  const background = (task: () => Promise<void>, log: FastifyBaseLogger) => {
    const p = task()
      .catch((err: unknown) => log.error({ err }, 'background task failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  // Closing waits for mails in flight, so a reset link is not lost to a deploy.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const deviceKey = deviceMarkerKey(deps.db, deps.deviceCookieSecret);
  const announce =
    deps.announceSessionsRevoked ??
    (redis ? publishSessionsRevoked(redis, deps.liveKeyPrefix ?? deps.keyPrefix) : undefined);
  const sessionsRevoked = quietly(announce, (err) =>
    app.log.warn({ err }, 'could not tell live that sessions ended (its re-check will close them)'),
  );

  app.register(sessionRoutes, { ...deps, limiters, deviceKey, sessionsRevoked });
  app.register(passwordResetRoutes, { ...deps, limiters, background, sessionsRevoked });
  app.register(secondFactorRoutes, { ...deps, limiters, deviceKey });
  app.register(twoFactorRoutes, { ...deps, limiters, deviceKey });
  // Accounts and API keys: one scope behind the admin-session guard, which also refuses a viewer's changes.
  app.register(async (admin) => {
    admin.addHook('onRequest', requireAdminSession(deps.db));
    await admin.register(adminAccountsRoutesPlugin, { db: deps.db, sessionsRevoked });
    await admin.register(apiKeysRoutesPlugin, { db: deps.db });
  });
}
