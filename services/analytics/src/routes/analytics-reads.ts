// GET /api/analytics/*: the dashboard's cards and tabs (spec §7 "Admin").
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateStatsRowSchema,
  dailyStatsRowSchema,
  daysQuerySchema,
  deviceStatsRowSchema,
  geographicStatsRowSchema,
  overviewSchema,
  recentClickSchema,
  recentClicksQuerySchema,
  trafficSourceRowSchema,
} from '@bodymetrics/contracts';
import type { AnalyticsDeps } from '../deps';
import { readOverview } from '../overview.repository';
import { readDailyStats } from '../daily-visits.repository';
import { readAffiliateStats, readRecentClicks } from '../affiliate.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from '../audience.repository';

export const analyticsReadRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.get('/api/analytics/overview', { schema: { response: { 200: overviewSchema } } }, () =>
    readOverview(db, timeZone),
  );

  app.get(
    '/api/analytics/daily-stats',
    { schema: { querystring: daysQuerySchema, response: { 200: z.array(dailyStatsRowSchema) } } },
    (request) => readDailyStats(db, { timeZone, days: request.query.days }),
  );

  app.get(
    '/api/analytics/affiliate-stats',
    { schema: { querystring: daysQuerySchema, response: { 200: z.array(affiliateStatsRowSchema) } } },
    (request) => readAffiliateStats(db, { timeZone, days: request.query.days }),
  );

  app.get(
    '/api/analytics/recent-clicks',
    { schema: { querystring: recentClicksQuerySchema, response: { 200: z.array(recentClickSchema) } } },
    (request) => readRecentClicks(db, request.query.limit),
  );

  app.get(
    '/api/analytics/device-stats',
    { schema: { querystring: daysQuerySchema, response: { 200: z.array(deviceStatsRowSchema) } } },
    (request) => readDeviceStats(db, { timeZone, days: request.query.days }),
  );

  app.get(
    '/api/analytics/traffic-sources',
    { schema: { querystring: daysQuerySchema, response: { 200: z.array(trafficSourceRowSchema) } } },
    (request) => readTrafficSources(db, { timeZone, days: request.query.days }),
  );

  app.get(
    '/api/analytics/geographic-stats',
    { schema: { querystring: daysQuerySchema, response: { 200: z.array(geographicStatsRowSchema) } } },
    (request) => readGeographicStats(db, { timeZone, days: request.query.days }),
  );
};
