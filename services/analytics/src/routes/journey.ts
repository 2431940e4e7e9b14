// GET /api/journey/*: the User Journey tab (today's funnel, abandonment, historical funnel).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abandonmentSchema, daysQuerySchema, funnelRowSchema } from '@bodymetrics/contracts';
import type { AnalyticsDeps } from '../deps';
import { readAbandonment, readFunnelStats, readTodayFunnel } from '../conversion-funnel.repository';

export const journeyRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db, timeZone }) => {
  app.get(
    '/api/journey/funnel-stats',
    { schema: { querystring: daysQuerySchema, response: { 200: z.array(funnelRowSchema) } } },
    (request) => readFunnelStats(db, { timeZone, days: request.query.days }),
  );

  app.get('/api/journey/today-summary', { schema: { response: { 200: funnelRowSchema } } }, () =>
    readTodayFunnel(db, timeZone),
  );

  app.get(
    '/api/journey/abandonment',
    { schema: { querystring: daysQuerySchema, response: { 200: abandonmentSchema } } },
    (request) => readAbandonment(db, { timeZone, days: request.query.days }),
  );
};
