// The reports service: the e-mailed health report and its stored copy, the newsletter's unsubscribe
// link, the contact form, and share images with their public Open Graph page.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServiceApp, type App } from '@bodymetrics/service-kit';
import { serverRecordedSteps } from '@bodymetrics/contracts';
import type { ReportsContext, ReportsDeps } from './deps';
import { lostFunnelSteps } from './funnel-steps';
import { reportsRateLimiters } from './rate-limits';
import { contactRoute } from './routes/contact';
import { emailReportRoute } from './routes/email-report';
import { newsletterRoutes } from './routes/newsletter';
import { shareRoutes } from './routes/share';
import { submitReportRoute } from './routes/submit-report';

export type { ReportsDeps } from './deps';
export { newsletterRecipients } from './newsletter.repository';

/** A report body holds a form and at most 10 offers; a contact message at most 5000 characters. */
export const reportsBodyLimit = 64 * 1024;

export function buildApp(deps: ReportsDeps) {
  const app = createServiceApp({
    name: 'reports',
    logger: deps.logger,
    bodyLimit: reportsBodyLimit,
    readiness: {
      postgres: () => deps.db.selectFrom('health_metrics').select('id').limit(1).execute(),
    },
  });
  addReportsRoutes(app, deps);
  return app;
}

/**
 * Reports served inside the gateway's process (its in-process-service.ts), as the embedded mode does: the
 * same routes and limits, without a loopback hop to an app of their own.
 */
export function inProcessReports(deps: Omit<ReportsDeps, 'logger'>) {
  return { bodyLimit: reportsBodyLimit, routes: (scope: App) => addReportsRoutes(scope, deps) };
}

/** Every route of reports on `app`: its own app (buildApp), or a service scope of the gateway's. */
function addReportsRoutes(app: App, deps: Omit<ReportsDeps, 'logger'>): void {
  // On /metrics from the start, so a rate over it reads 0 rather than nothing until the first loss.
  for (const step of serverRecordedSteps) lostFunnelSteps(app).inc({ step }, 0);
  const ctx: ReportsContext = {
    db: deps.db,
    mailer: deps.mailer,
    bus: deps.bus,
    visitorKeys: deps.visitorKeys,
    publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, ''),
    contactTo: deps.contactTo,
    ipStorage: deps.ipStorage ?? 'truncated',
    limits: reportsRateLimiters(deps),
    newsletterConfirmationTtlMs: deps.newsletterConfirmationTtlMs ?? 7 * 24 * 60 * 60 * 1000,
  };

  void app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    emailReportRoute(routes, ctx);
    submitReportRoute(routes, ctx);
    newsletterRoutes(routes, ctx);
    contactRoute(routes, ctx);
    shareRoutes(routes, ctx);
  });
}
