// GET /api/analytics/*: the dashboard's cards and tabs (spec §7 "Admin"), registered from their route
// contracts (`analyticsRoutes`): the dashboard builds its URLs and parses the answers from the same objects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { readOverview } from '../overview.repository';
import { readDailyStats } from '../daily-visits.repository';
import { readAffiliateStats, readRecentClicks } from '../affiliate.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from '../audience.repository';

const { overview, dailyStats, affiliateStats, recentClicks, deviceStats, trafficSources, geographicStats } =
  analyticsRoutes;

export const analyticsReadRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.route({ ...routeOptions(overview), handler: () => readOverview(db, timeZone) });

  app.route({
    ...routeOptions(dailyStats),
    handler: (request) => readDailyStats(db, { timeZone, days: request.query.days }),
  });

  app.route({
    ...routeOptions(affiliateStats),
    handler: (request) => readAffiliateStats(db, { timeZone, days: request.query.days }),
  });

  app.route({
    ...routeOptions(recentClicks),
    handler: (request) => readRecentClicks(db, request.query.limit),
  });

  app.route({
    ...routeOptions(deviceStats),
    handler: (request) => readDeviceStats(db, { timeZone, days: request.query.days }),
  });

  app.route({
    ...routeOptions(trafficSources),
    handler: (request) => readTrafficSources(db, { timeZone, days: request.query.days }),
  });

  app.route({
    ...routeOptions(geographicStats),
    handler: (request) => readGeographicStats(db, { timeZone, days: request.query.days }),
  });
};
