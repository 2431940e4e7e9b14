// Route contracts: one object per HTTP route — method, path, and the schemas of its body, query, path
// parameters and answer. The service registers the route from it, the gateway routes its path, and the
// clients build the URL and parse the answer with it, so a path or a shape is written once (the bare
// paths live in route-paths.ts, for clients that need no schema).
import { z } from 'zod';
import {
  abandonmentSchema,
  affiliateStatsRowSchema,
  dailyStatsRowSchema,
  daysQuerySchema,
  deviceStatsRowSchema,
  funnelRowSchema,
  geographicStatsRowSchema,
  overviewSchema,
  recentClickSchema,
  resetAllDataResultSchema,
  trafficSourceRowSchema,
} from './analytics';
import { recentClicksQuerySchema } from './admin';
import { analyticsPaths, offersPaths, trackingPaths } from './route-paths';
import { affiliateOffersResponseSchema } from './offers';
import {
  affiliateClickBodySchema,
  bridgeOfferClickBodySchema,
  journeyTrackBodySchema,
  offerClickParamsSchema,
  pageVisitRequestBodySchema,
  sessionDurationBodySchema,
  formSnapshotBodySchema,
} from './tracking';

export interface RouteContract {
  method: 'GET' | 'POST';
  /** A fastify path: static or with `:param` segments. */
  path: string;
  /** The status of a successful answer. */
  status: 200 | 202;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
}

/** Declares a route: its literal method and path stay in the type, so handlers and clients are typed by it. */
export const route = <const R extends RouteContract>(r: R): R => r;

/** Every tracking write answers 202 once the bus took the event (its envelope id). */
export const trackingAcceptedSchema = z.object({ accepted: z.literal(true), id: z.string() });
export type TrackingAccepted = z.infer<typeof trackingAcceptedSchema>;

const accepted = { method: 'POST', status: 202, response: trackingAcceptedSchema } as const;
const read = { method: 'GET', status: 200 } as const;

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
} as const;

/** The dashboard's reads (the analytics service, behind the admin session) and its reset. */
export const analyticsRoutes = {
  overview: route({ ...read, path: analyticsPaths.overview, response: overviewSchema }),
  dailyStats: route({
    ...read,
    path: analyticsPaths.dailyStats,
    query: daysQuerySchema,
    response: z.array(dailyStatsRowSchema),
  }),
  affiliateStats: route({
    ...read,
    path: analyticsPaths.affiliateStats,
    query: daysQuerySchema,
    response: z.array(affiliateStatsRowSchema),
  }),
  recentClicks: route({
    ...read,
    path: analyticsPaths.recentClicks,
    query: recentClicksQuerySchema,
    response: z.array(recentClickSchema),
  }),
  deviceStats: route({
    ...read,
    path: analyticsPaths.deviceStats,
    query: daysQuerySchema,
    response: z.array(deviceStatsRowSchema),
  }),
  trafficSources: route({
    ...read,
    path: analyticsPaths.trafficSources,
    query: daysQuerySchema,
    response: z.array(trafficSourceRowSchema),
  }),
  geographicStats: route({
    ...read,
    path: analyticsPaths.geographicStats,
    query: daysQuerySchema,
    response: z.array(geographicStatsRowSchema),
  }),
  funnelStats: route({
    ...read,
    path: analyticsPaths.funnelStats,
    query: daysQuerySchema,
    response: z.array(funnelRowSchema),
  }),
  todaySummary: route({ ...read, path: analyticsPaths.todaySummary, response: funnelRowSchema }),
  abandonment: route({
    ...read,
    path: analyticsPaths.abandonment,
    query: daysQuerySchema,
    response: abandonmentSchema,
  }),
  resetAllData: route({
    method: 'POST',
    path: analyticsPaths.resetAllData,
    status: 200,
    response: resetAllDataResultSchema,
  }),
} as const;

/** The public offers list (the offers service). */
export const offersRoutes = {
  all: route({ ...read, path: offersPaths.all, response: affiliateOffersResponseSchema }),
} as const;

/** The URL a client calls: the route's path with its query string (`?days=30`). */
export function routeUrl(
  route: Pick<RouteContract, 'path'>,
  query?: Record<string, string | number | boolean>,
): string {
  if (!query || Object.keys(query).length === 0) return route.path;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${route.path}?${search.toString()}`;
}
