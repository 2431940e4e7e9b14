// GET /api/analytics/*: the dashboard's cards and tabs (spec §7 "Admin"), registered from their route
// contracts (`analyticsRoutes`): the dashboard builds its URLs and parses the answers from the same objects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { readOverview } from '../overview.repository';
import { readRecentClicks } from '../affiliate.repository';
import { readConversionsByCategory, readConversionsByDay } from '../conversions.repository';
import { periodReads } from '../dashboard-reads';
import { revenueCurrencyOf } from '../deps';
import { resolvePeriod, type Period } from '../period';
import type { z } from 'zod';

const { overview, recentClicks, conversionsByDay, conversionsByCategory } = analyticsRoutes;

type PeriodRoute = (typeof analyticsRoutes)[keyof typeof periodReads];

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
  for (const name of Object.keys(periodReads) as (keyof typeof periodReads)[])
    periodRead(analyticsRoutes[name], periodReads[name]);

  app.route({
    ...routeOptions(recentClicks),
    handler: (request) => readRecentClicks(db, request.query.limit),
  });
};
