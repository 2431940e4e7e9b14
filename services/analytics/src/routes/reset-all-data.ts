// POST /api/analytics/reset-all-data: the dashboard's "Reset All Data" (after its two confirmations).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetAllDataResultSchema } from '@bodymetrics/contracts';
import type { AnalyticsDeps } from '../deps';
import { resetAllAnalytics } from '../reset.repository';

export const resetAllDataRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db }) => {
  app.post(
    '/api/analytics/reset-all-data',
    { schema: { response: { 200: resetAllDataResultSchema } } },
    async (request) => {
      const { totalDeleted } = await resetAllAnalytics(db);
      request.log.warn({ admin: request.adminSession?.username, totalDeleted }, 'analytics data reset');
      return { success: true, details: { totalDeleted } };
    },
  );
};
