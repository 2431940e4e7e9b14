// GET /api/journey/*: the User Journey tab (today's funnel, abandonment, historical funnel), registered
// from their route contracts (`analyticsRoutes`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { readAbandonment, readFunnelStats, readTodayFunnel } from '../conversion-funnel.repository';
import { resolvePeriod } from '../period';

const { funnelStats, todaySummary, abandonment } = analyticsRoutes;

export const journeyRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.route({
    ...routeOptions(funnelStats),
    handler: async (request) => readFunnelStats(db, await resolvePeriod(db, timeZone, request.query)),
  });

  app.route({ ...routeOptions(todaySummary), handler: () => readTodayFunnel(db, timeZone) });

  app.route({
    ...routeOptions(abandonment),
    handler: async (request) => readAbandonment(db, await resolvePeriod(db, timeZone, request.query)),
  });
};
