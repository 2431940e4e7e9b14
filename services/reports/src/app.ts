// The reports service: the e-mailed health report and its stored copy, the newsletter's unsubscribe
// link, the contact form, and share images with their public Open Graph page.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServiceApp } from '@bodymetrics/service-kit';
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

export function buildApp(deps: ReportsDeps) {
  const app = createServiceApp({
    name: 'reports',
    logger: deps.logger,
    // A report body holds a form and at most 10 offers; a contact message at most 5000 characters.
    bodyLimit: 64 * 1024,
    readiness: {
      postgres: () => deps.db.selectFrom('health_metrics').select('id').limit(1).execute(),
    },
  });
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

  return app;
}
