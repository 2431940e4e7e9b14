// POST /api/submit-report: the public app stores the report after e-mailing it (its failure is ignored
// there). The same report sent twice is stored once; `stored` says whether this call added it.
import { reportsRoutes } from '@bodymetrics/contracts';
import { routeOptions, type App } from '@bodymetrics/service-kit';
import type { ReportsContext } from '../deps';
import { limitedPerClient } from '../rate-limits';
import { storeHealthReport } from '../health-metrics.repository';
import { computeReport, reportBodySchema } from '../report-request';

export function submitReportRoute(app: App, ctx: ReportsContext): void {
  app.route({
    ...routeOptions(reportsRoutes.submitReport, reportBodySchema),
    // Each call may store a row of health data: limited per client like the routes that mail.
    onRequest: limitedPerClient(ctx.limits.submitReport),
    handler: async (request) => {
      const body = request.body;
      computeReport(body.metrics, body.selectedGoal, body.language); // only forms the engine can compute are stored
      const stored = await storeHealthReport(ctx.db, {
        name: body.name,
        email: body.email,
        metrics: body.metrics,
        selectedGoal: body.selectedGoal ?? null,
      });
      return { success: true as const, stored };
    },
  });
}
