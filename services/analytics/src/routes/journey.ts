// GET /api/journey/*: the User Journey tab (today's funnel, abandonment, historical funnel), registered
// from their route contracts (`analyticsRoutes`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import type { AnalyticsDeps } from '../deps';
import { readAbandonment, readFunnelStats, readTodayFunnel } from '../conversion-funnel.repository';

const { funnelStats, todaySummary, abandonment } = analyticsRoutes;

export const journeyRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.get(
    funnelStats.path,
    { schema: { querystring: funnelStats.query, response: { 200: funnelStats.response } } },
    (request) => readFunnelStats(db, { timeZone, days: request.query.days }),
  );

  app.get(todaySummary.path, { schema: { response: { 200: todaySummary.response } } }, () =>
    readTodayFunnel(db, timeZone),
  );

  app.get(
    abandonment.path,
    { schema: { querystring: abandonment.query, response: { 200: abandonment.response } } },
    (request) => readAbandonment(db, { timeZone, days: request.query.days }),
  );
};
