// The analytics service: every admin read model of spec §3 and reset-all-data, all behind the admin
// session guard (design.md §4). Reads come from the aggregate tables the aggregator keeps.
import { sql } from 'kysely';
import { createServiceApp, isValidTimeZone, requireAdminSession, type App } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from './deps';
import { apiKeyAccessOf } from './api-key-access';
import { analyticsReadRoutes } from './routes/analytics-reads';
import { journeyRoutes } from './routes/journey';
import { resetAllDataRoutes } from './routes/reset-all-data';
import { exportRoutes } from './routes/exports';
import { weeklyDigestRoutesPlugin } from './routes/weekly-digest';
import { alertsRoutesPlugin } from './routes/alerts';
import { annotationsRoutesPlugin } from './routes/annotations';
import { sharedViewsRoutesPlugin } from './routes/shared-views';
import { sharedLinkRoutesPlugin } from './routes/shared-link';

export type { AnalyticsDeps } from './deps';
export { startDigestScheduler, type DigestScheduler, type DigestSchedulerOptions } from './digest/scheduler';
export {
  startAlertEvaluator,
  type AlertEvaluator,
  type AlertEvaluatorOptions,
} from './alerts/alert-evaluator';

export function buildApp(deps: AnalyticsDeps) {
  const app = createServiceApp({
    name: 'analytics',
    logger: deps.logger,
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  });
  addAnalyticsRoutes(app, deps);
  return app;
}

/**
 * Analytics served inside the gateway's process (its in-process-service.ts), as the embedded mode does: the
 * dashboard's reads then skip the gateway's loopback hop to analytics' own app, two turns of the busy event
 * loop that also answers tracking (the overview's p99 under half-rate ingest).
 */
export function inProcessAnalytics(deps: AnalyticsDeps) {
  return { routes: (scope: App) => addAnalyticsRoutes(scope, deps) };
}

/** Every admin route of analytics on `app`: its own app (buildApp), or a service scope of the gateway's. */
function addAnalyticsRoutes(app: App, deps: AnalyticsDeps): void {
  if (!isValidTimeZone(deps.timeZone)) throw new Error(`Unknown time zone "${deps.timeZone}"`);
  // One encapsulated scope holds every admin route, so the guard cannot be forgotten on a new one while
  // /healthz and /readyz (registered outside it) stay open. onRequest: an unauthenticated caller is
  // refused before its query string is even validated.
  void app.register(async (admin) => {
    admin.addHook('onRequest', requireAdminSession(deps.db, apiKeyAccessOf(deps)));
    await admin.register(analyticsReadRoutes, deps);
    await admin.register(journeyRoutes, deps);
    await admin.register(resetAllDataRoutes, deps);
    await admin.register(exportRoutes, deps);
    await admin.register(weeklyDigestRoutesPlugin, deps);
    await admin.register(alertsRoutesPlugin, deps);
    await admin.register(annotationsRoutesPlugin, deps);
    await admin.register(sharedViewsRoutesPlugin, deps);
  });
  // A shared link's routes answer whoever holds its token (no admin session): outside the guarded scope.
  void app.register(sharedLinkRoutesPlugin, deps);
}
