// GET /api/analytics/*: the dashboard's cards and tabs (spec §7 "Admin"), registered from their route
// contracts (`analyticsRoutes`): the dashboard builds its URLs and parses the answers from the same objects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import type { AnalyticsDeps } from '../deps';
import { readOverview } from '../overview.repository';
import { readDailyStats } from '../daily-visits.repository';
import { readAffiliateStats, readRecentClicks } from '../affiliate.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from '../audience.repository';

const { overview, dailyStats, affiliateStats, recentClicks, deviceStats, trafficSources, geographicStats } =
  analyticsRoutes;

export const analyticsReadRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.get(overview.path, { schema: { response: { 200: overview.response } } }, () =>
    readOverview(db, timeZone),
  );

  app.get(
    dailyStats.path,
    { schema: { querystring: dailyStats.query, response: { 200: dailyStats.response } } },
    (request) => readDailyStats(db, { timeZone, days: request.query.days }),
  );

  app.get(
    affiliateStats.path,
    { schema: { querystring: affiliateStats.query, response: { 200: affiliateStats.response } } },
    (request) => readAffiliateStats(db, { timeZone, days: request.query.days }),
  );

  app.get(
    recentClicks.path,
    { schema: { querystring: recentClicks.query, response: { 200: recentClicks.response } } },
    (request) => readRecentClicks(db, request.query.limit),
  );

  app.get(
    deviceStats.path,
    { schema: { querystring: deviceStats.query, response: { 200: deviceStats.response } } },
    (request) => readDeviceStats(db, { timeZone, days: request.query.days }),
  );

  app.get(
    trafficSources.path,
    { schema: { querystring: trafficSources.query, response: { 200: trafficSources.response } } },
    (request) => readTrafficSources(db, { timeZone, days: request.query.days }),
  );

  app.get(
    geographicStats.path,
    { schema: { querystring: geographicStats.query, response: { 200: geographicStats.response } } },
    (request) => readGeographicStats(db, { timeZone, days: request.query.days }),
  );
};
