// The dashboard's routes (spec §7 "Admin"): the analytics service registers them behind the admin session,
// the dashboard calls them through the typed client and links to the CSV downloads.
import { z } from 'zod';
import { recentClicksQuerySchema } from './admin';
import {
  abandonmentSchema,
  affiliateStatsRowSchema,
  conversionsByCategoryRowSchema,
  conversionsByDayRowSchema,
  campaignRowSchema,
  dailyStatsRowSchema,
  deviceStatsRowSchema,
  funnelRowSchema,
  geographicStatsRowSchema,
  overviewQuerySchema,
  overviewSchema,
  periodQuerySchema,
  recentClickSchema,
  resetAllDataResultSchema,
  trafficSourceRowSchema,
} from './analytics';
import { answers, route } from './route';
import { analyticsExportPaths, analyticsPaths } from './route-paths';

const read = { method: 'GET', status: 200 } as const;

/** The dashboard's reads (the analytics service, behind the admin session) and its reset. */
export const analyticsRoutes = {
  /**
   * The spec's cards are today's or all time's; `period` (`?from=&to=` or `?days=`) holds the same figures
   * over the asked period (the "Venit" card's is its `revenue`), `previous` those of the period before it.
   */
  overview: route({
    ...read,
    path: analyticsPaths.overview,
    query: overviewQuerySchema,
    response: overviewSchema,
  }),
  dailyStats: route({
    ...read,
    path: analyticsPaths.dailyStats,
    query: periodQuerySchema,
    response: z.array(dailyStatsRowSchema),
  }),
  affiliateStats: route({
    ...read,
    path: analyticsPaths.affiliateStats,
    query: periodQuerySchema,
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
    query: periodQuerySchema,
    response: z.array(deviceStatsRowSchema),
  }),
  trafficSources: route({
    ...read,
    path: analyticsPaths.trafficSources,
    query: periodQuerySchema,
    response: z.array(trafficSourceRowSchema),
  }),
  campaigns: route({
    ...read,
    path: analyticsPaths.campaigns,
    query: periodQuerySchema,
    response: z.array(campaignRowSchema),
  }),
  geographicStats: route({
    ...read,
    path: analyticsPaths.geographicStats,
    query: periodQuerySchema,
    response: z.array(geographicStatsRowSchema),
  }),
  funnelStats: route({
    ...read,
    path: analyticsPaths.funnelStats,
    query: periodQuerySchema,
    response: z.array(funnelRowSchema),
  }),
  todaySummary: route({ ...read, path: analyticsPaths.todaySummary, response: funnelRowSchema }),
  abandonment: route({
    ...read,
    path: analyticsPaths.abandonment,
    query: periodQuerySchema,
    response: abandonmentSchema,
  }),
  conversionsByDay: route({
    ...read,
    path: analyticsPaths.conversionsByDay,
    query: periodQuerySchema,
    response: z.array(conversionsByDayRowSchema),
  }),
  conversionsByCategory: route({
    ...read,
    path: analyticsPaths.conversionsByCategory,
    query: periodQuerySchema,
    response: z.array(conversionsByCategoryRowSchema),
  }),
  resetAllData: route({
    method: 'POST',
    path: analyticsPaths.resetAllData,
    status: 200,
    response: resetAllDataResultSchema,
  }),
} as const;

const csv = { ...read, response: answers('text/csv; charset=utf-8') } as const;

/**
 * Each table as a CSV download (beyond the spec): the same reader and query as its JSON route; the file
 * name names the period's dates.
 */
export const analyticsExportRoutes = {
  dailyStats: route({ ...csv, path: analyticsExportPaths.dailyStats, query: periodQuerySchema }),
  funnelStats: route({ ...csv, path: analyticsExportPaths.funnelStats, query: periodQuerySchema }),
  affiliateStats: route({ ...csv, path: analyticsExportPaths.affiliateStats, query: periodQuerySchema }),
  trafficSources: route({ ...csv, path: analyticsExportPaths.trafficSources, query: periodQuerySchema }),
  campaigns: route({ ...csv, path: analyticsExportPaths.campaigns, query: periodQuerySchema }),
  deviceStats: route({ ...csv, path: analyticsExportPaths.deviceStats, query: periodQuerySchema }),
  geographicStats: route({ ...csv, path: analyticsExportPaths.geographicStats, query: periodQuerySchema }),
  /** The last N clicks, not a period: the same ?limit= as the table. */
  recentClicks: route({ ...csv, path: analyticsExportPaths.recentClicks, query: recentClicksQuerySchema }),
  conversionsByDay: route({ ...csv, path: analyticsExportPaths.conversionsByDay, query: periodQuerySchema }),
  conversionsByCategory: route({
    ...csv,
    path: analyticsExportPaths.conversionsByCategory,
    query: periodQuerySchema,
  }),
  figures: route({ ...csv, path: analyticsExportPaths.figures, query: periodQuerySchema }),
} as const;
