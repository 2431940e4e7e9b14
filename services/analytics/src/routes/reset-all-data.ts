// POST /api/analytics/reset-all-data: the dashboard's "Reset All Data" (after its two confirmations).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import type { AnalyticsDeps } from '../deps';
import { resetAllAnalytics } from '../reset.repository';

export const resetAllDataRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db }) => {
  const { resetAllData } = analyticsRoutes;
  app.post(resetAllData.path, { schema: { response: { 200: resetAllData.response } } }, async (request) => {
    const { totalDeleted } = await resetAllAnalytics(db);
    request.log.warn({ admin: request.adminSession?.username, totalDeleted }, 'analytics data reset');
    return { success: true, details: { totalDeleted } };
  });
};
