// GET /api/journey/*: the User Journey tab (today's funnel, abandonment, historical funnel), registered
// from their route contracts (`analyticsRoutes`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { readAbandonment, readFunnelStats, readTodayFunnel } from '../conversion-funnel.repository';

const { funnelStats, todaySummary, abandonment } = analyticsRoutes;

export const journeyRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.route({
    ...routeOptions(funnelStats),
    handler: (request) => readFunnelStats(db, { timeZone, days: request.query.days }),
  });

  app.route({ ...routeOptions(todaySummary), handler: () => readTodayFunnel(db, timeZone) });

  app.route({
    ...routeOptions(abandonment),
    handler: (request) => readAbandonment(db, { timeZone, days: request.query.days }),
  });
};
