// The tracking service: the visitor-tracking write endpoints of spec §7. Stateless — it validates,
// stamps and publishes; ops scale it on its own. Its one read of Postgres is the cached list of active
// offers that clicks are checked against.
import type { FastifyServerOptions } from 'fastify';
import { trackingTopics } from '@bodymetrics/contracts';
import { createServiceApp, defaultAnalyticsTimeZone, visitorKeys, type App } from '@bodymetrics/service-kit';
import { activeOffersOf } from './active-offers';
import type { TrackingDeps } from './deps';
import { affiliateClickRoutes } from './routes/affiliate-click';
import { produceErrors } from './publish';
import { journeyRoute } from './routes/journey';
import { offerImpressionRoute } from './routes/offer-impression';
import { pageVisitRoute } from './routes/page-visit';
import { sessionDurationRoute } from './routes/session-duration';
import { formSnapshotRoute } from './routes/form-snapshot';

export type { TrackingDeps } from './deps';

/** What tracking runs on; `visitorKeys` defaults to one process's memory in the default time zone (what a test needs). */
export type TrackingOptions = Omit<TrackingDeps, 'visitorKeys'> & Partial<Pick<TrackingDeps, 'visitorKeys'>>;

/** The largest tracking body (16 KB): the calls are small, and a flood of big ones is cheap to refuse. */
export const trackingBodyLimit = 16 * 1024;

export function buildApp(options: TrackingOptions & { logger?: FastifyServerOptions['logger'] }) {
  const app = createServiceApp({ name: 'tracking', logger: options.logger, bodyLimit: trackingBodyLimit });
  addTrackingRoutes(app, options);
  return app;
}

/**
 * Tracking served by another process's app: what the gateway mounts in a scope of its own
 * (its in-process-service.ts) instead of proxying to a tracking process — the same routes and code, without
 * the hop. `budgetedRoutes` may be called on several apps (a test's second gateway): each gets its own offers
 * cache.
 */
export function inProcessTracking(options: TrackingOptions) {
  // Every tracking route is counted against the per-client budget (the gateway's route table).
  return { bodyLimit: trackingBodyLimit, budgetedRoutes: (scope: App) => addTrackingRoutes(scope, options) };
}

/** The tracking routes on `app`: tracking's own app (buildApp), or a service scope of the gateway's. */
export function addTrackingRoutes(app: App, options: TrackingOptions): void {
  const deps: TrackingDeps = {
    ...options,
    visitorKeys: options.visitorKeys ?? visitorKeys(defaultAnalyticsTimeZone),
  };
  // On /metrics from the start, so a rate over it reads 0 rather than nothing until the first failure.
  for (const { name } of trackingTopics)
    for (const reason of ['unavailable', 'error']) produceErrors(app).inc({ topic: name, reason }, 0);
  pageVisitRoute(app, deps);
  sessionDurationRoute(app, deps);
  journeyRoute(app, deps);
  formSnapshotRoute(app, deps);
  // One cache for clicks and impressions: both name offers, and one read serves both.
  const offers = activeOffersOf(deps.db, deps.offerCacheTtlMs);
  affiliateClickRoutes(app, deps, offers);
  offerImpressionRoute(app, deps, offers);
}
