// The dashboard's routes (spec §7 "Admin"): the analytics service registers them behind the admin session,
// the dashboard calls them through the typed client and links to the CSV downloads.
import { z } from 'zod';
import { recentClicksQuerySchema } from './admin';
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
import { answers, route } from './route';
import { analyticsExportPaths, analyticsPaths } from './route-paths';

const read = { method: 'GET', status: 200 } as const;

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

const csv = { ...read, response: answers('text/csv; charset=utf-8') } as const;

/** Each table as a CSV download (beyond the spec): the same reader and query as its JSON route. */
export const analyticsExportRoutes = {
  dailyStats: route({ ...csv, path: analyticsExportPaths.dailyStats, query: daysQuerySchema }),
  funnelStats: route({ ...csv, path: analyticsExportPaths.funnelStats, query: daysQuerySchema }),
  affiliateStats: route({ ...csv, path: analyticsExportPaths.affiliateStats, query: daysQuerySchema }),
  trafficSources: route({ ...csv, path: analyticsExportPaths.trafficSources, query: daysQuerySchema }),
  deviceStats: route({ ...csv, path: analyticsExportPaths.deviceStats, query: daysQuerySchema }),
  geographicStats: route({ ...csv, path: analyticsExportPaths.geographicStats, query: daysQuerySchema }),
  /** The last N clicks, not a period: the same ?limit= as the table. */
  recentClicks: route({ ...csv, path: analyticsExportPaths.recentClicks, query: recentClicksQuerySchema }),
} as const;
