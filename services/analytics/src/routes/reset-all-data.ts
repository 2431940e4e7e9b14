// POST /api/analytics/reset-all-data: the dashboard's "Reset All Data" (after its two confirmations).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import { resetAllAnalytics } from '../reset.repository';

export const resetAllDataRoutes: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, { db }) => {
  app.route({
    ...routeOptions(analyticsRoutes.resetAllData),
    handler: async (request) => {
      const { totalDeleted } = await resetAllAnalytics(db);
      request.log.warn({ admin: request.adminSession?.username, totalDeleted }, 'analytics data reset');
      return { success: true, details: { totalDeleted } };
    },
  });
};
