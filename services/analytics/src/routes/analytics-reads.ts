// GET /api/analytics/*: the dashboard's cards and tabs (spec §7 "Admin"), registered from their route
// contracts (`analyticsRoutes`): the dashboard builds its URLs and parses the answers from the same objects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { readOverview } from '../overview.repository';
import { readDailyStats } from '../daily-visits.repository';
import { readAffiliateStats, readRecentClicks } from '../affiliate.repository';
import { readCampaigns } from '../campaigns.repository';
import { readDeviceStats, readGeographicStats, readTrafficSources } from '../audience.repository';
import { readConversionsByCategory, readConversionsByDay } from '../conversions.repository';
import { revenueCurrencyOf } from '../deps';
import { resolvePeriod, type Period } from '../period';
import type { z } from 'zod';

const {
  overview,
  dailyStats,
  affiliateStats,
  recentClicks,
  deviceStats,
  trafficSources,
  campaigns,
  geographicStats,
  conversionsByDay,
  conversionsByCategory,
} = analyticsRoutes;

type PeriodRoute =
  | typeof dailyStats
  | typeof affiliateStats
  | typeof deviceStats
  | typeof trafficSources
  | typeof campaigns
  | typeof geographicStats;

export const analyticsReadRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const { db, timeZone } = deps;
  const currency = revenueCurrencyOf(deps);
  const periodOf = (query: Parameters<typeof resolvePeriod>[2]) => resolvePeriod(db, timeZone, query);
  app.route({
    ...routeOptions(overview),
    handler: async (request) =>
      readOverview(db, await periodOf(request.query), currency, {
        compare: request.query.compare === 'previous',
      }),
  });

  app.route({
    ...routeOptions(conversionsByDay),
    handler: async (request) => readConversionsByDay(db, await periodOf(request.query), currency),
  });

  app.route({
    ...routeOptions(conversionsByCategory),
    handler: async (request) => readConversionsByCategory(db, await periodOf(request.query), currency),
  });

  // The tabs' reads of a period: each answers its repository's rows for the period asked.
  const periodRead = <R extends PeriodRoute>(
    route: R,
    read: (database: typeof db, period: Period) => Promise<z.output<R['response']>>,
  ) =>
    app.route({
      ...routeOptions(route as PeriodRoute),
      handler: async (request) => read(db, await periodOf(request.query)),
    });
  periodRead(dailyStats, readDailyStats);
  periodRead(affiliateStats, readAffiliateStats);
  periodRead(deviceStats, readDeviceStats);
  periodRead(trafficSources, readTrafficSources);
  periodRead(campaigns, readCampaigns);
  periodRead(geographicStats, readGeographicStats);

  app.route({
    ...routeOptions(recentClicks),
    handler: (request) => readRecentClicks(db, request.query.limit),
  });
};
