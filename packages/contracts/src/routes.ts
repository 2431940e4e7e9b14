// Route contracts: one object per HTTP route (route.ts), grouped by the service that serves it. This file
// holds the tracking routes and the index of every group (`routesByService`): each service registers its
// groups, the gateway's route table is derived from them, and a test checks that each route is served by
// exactly one service and reachable through the gateway. The other groups are in their own modules, so a
// client bundles only the schemas of the routes it calls.
import { z } from 'zod';
import { adminAuthRoutes } from './admin-auth-routes';
import { adminAccountsRoutes, apiKeysRoutes } from './admin-accounts-routes';
import { adminOffersRoutes } from './admin-offers-routes';
import { alertsRoutes } from './alerts-routes';
import { annotationsRoutes } from './annotations-routes';
import { sharedLinkRoutes, sharedViewsRoutes } from './shared-views-routes';
import { analyticsExportRoutes, analyticsRoutes } from './analytics-routes';
import { offersRoutes, postbackRoutes } from './offers-routes';
import { reportsRoutes } from './reports-routes';
import { weeklyDigestRoutes } from './weekly-digest-routes';
import { route, type RouteContract } from './route';
import { trackingPaths } from './route-paths';
import {
  affiliateClickBodySchema,
  bridgeOfferClickBodySchema,
  journeyTrackBodySchema,
  offerClickParamsSchema,
  offerImpressionBodySchema,
  pageVisitRequestBodySchema,
  sessionDurationBodySchema,
  formSnapshotBodySchema,
} from './tracking';

/** Every tracking write answers 202 once the bus took the event (its envelope id). */
export const trackingAcceptedSchema = z.object({ accepted: z.literal(true), id: z.string() });
export type TrackingAccepted = z.infer<typeof trackingAcceptedSchema>;

const accepted = { method: 'POST', status: 202, response: trackingAcceptedSchema } as const;

/** The visitor-tracking writes of spec §7 (the tracking service; the gateway rate-limits them). */
export const trackingRoutes = {
  /** A page load, or (action = page_leave) the unload beacon; beacons arrive as text/plain. */
  pageVisit: route({ ...accepted, path: trackingPaths.pageVisit, body: pageVisitRequestBodySchema }),
  sessionDuration: route({
    ...accepted,
    path: trackingPaths.sessionDuration,
    body: sessionDurationBodySchema,
  }),
  affiliateClick: route({ ...accepted, path: trackingPaths.affiliateClick, body: affiliateClickBodySchema }),
  journeyTrack: route({ ...accepted, path: trackingPaths.journeyTrack, body: journeyTrackBodySchema }),
  formSnapshot: route({ ...accepted, path: trackingPaths.formSnapshot, body: formSnapshotBodySchema }),
  bridgeOfferClick: route({
    ...accepted,
    path: trackingPaths.bridgeOfferClick,
    body: bridgeOfferClickBodySchema,
  }),
  /** The body-less counter call: the offer's click counter only, not an analytics click. */
  offerCounterClick: route({
    ...accepted,
    path: trackingPaths.offerCounterClick,
    params: offerClickParamsSchema,
  }),
  /** The offers a bridge or results page view showed: counted as impressions. */
  offerImpression: route({
    ...accepted,
    path: trackingPaths.offerImpression,
    body: offerImpressionBodySchema,
  }),
} as const;

export * from './route';
export * from './analytics-routes';
export * from './offers-routes';
export * from './reports-routes';
export * from './admin-auth-routes';
export * from './admin-accounts-routes';
export * from './admin-offers-routes';
export * from './weekly-digest-routes';
export * from './alerts-routes';
export * from './annotations-routes';
export * from './shared-views-routes';

export const routesByService = {
  tracking: { trackingRoutes },
  offers: { offersRoutes, adminOffersRoutes, postbackRoutes },
  reports: { reportsRoutes },
  adminAuth: { adminAuthRoutes, adminAccountsRoutes, apiKeysRoutes },
  analytics: {
    analyticsRoutes,
    analyticsExportRoutes,
    weeklyDigestRoutes,
    alertsRoutes,
    annotationsRoutes,
    sharedViewsRoutes,
    sharedLinkRoutes,
  },
} as const satisfies Record<string, Record<string, Record<string, RouteContract>>>;

export type RouteService = keyof typeof routesByService;

/** Every route with its service and a readable name (`reportsRoutes.contact`), for tests and tables. */
export function everyRoute(): { service: RouteService; name: string; route: RouteContract }[] {
  return Object.entries(routesByService).flatMap(([service, groups]) =>
    Object.entries(groups).flatMap(([group, routes]) =>
      Object.entries(routes as Record<string, RouteContract>).map(([name, route]) => ({
        service: service as RouteService,
        name: `${group}.${name}`,
        route,
      })),
    ),
  );
}
