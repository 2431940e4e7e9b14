// The tracking service: the visitor-tracking write endpoints of spec §7. Stateless — it validates,
// stamps and publishes; ops scale it on its own. Its one read of Postgres is the cached list of active
// offers that clicks are checked against.
import type { FastifyServerOptions } from 'fastify';
import { trackingTopics } from '@bodymetrics/contracts';
import { createServiceApp, defaultAnalyticsTimeZone, visitorKeys } from '@bodymetrics/service-kit';
import { activeOffersOf } from './active-offers';
import type { TrackingDeps } from './deps';
import { affiliateClickRoutes } from './routes/affiliate-click';
import { produceErrors } from './publish';
import { journeyRoute } from './routes/journey';
import { pageVisitRoute } from './routes/page-visit';
import { sessionDurationRoute } from './routes/session-duration';
import { formSnapshotRoute } from './routes/form-snapshot';

export type { TrackingDeps } from './deps';

/** `visitorKeys` defaults to one process's memory in the default time zone (what a test needs). */
export function buildApp(
  options: Omit<TrackingDeps, 'visitorKeys'> &
    Partial<Pick<TrackingDeps, 'visitorKeys'>> & { logger?: FastifyServerOptions['logger'] },
) {
  const deps: TrackingDeps = {
    ...options,
    visitorKeys: options.visitorKeys ?? visitorKeys(defaultAnalyticsTimeZone),
  };
  const app = createServiceApp({ name: 'tracking', logger: options.logger, bodyLimit: 16 * 1024 });
  // On /metrics from the start, so a rate over it reads 0 rather than nothing until the first failure.
  for (const { name } of trackingTopics)
    for (const reason of ['unavailable', 'error']) produceErrors(app).inc({ topic: name, reason }, 0);
  pageVisitRoute(app, deps);
  sessionDurationRoute(app, deps);
  journeyRoute(app, deps);
  formSnapshotRoute(app, deps);
  affiliateClickRoutes(app, deps, activeOffersOf(deps.db, deps.offerCacheTtlMs));
  return app;
}
