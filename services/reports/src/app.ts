// The reports service: the e-mailed health report and its stored copy, the newsletter's unsubscribe
// link, the contact form, and share images with their public Open Graph page.
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServiceApp, HttpError, rateLimitKey } from '@bodymetrics/service-kit';
import { serverRecordedSteps } from '@bodymetrics/contracts';
import type { ReportsContext, ReportsDeps } from './deps';
import { lostFunnelSteps } from './funnel-steps';
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
    reportsPerRecipient: {
      max: deps.rateLimit?.reportsPerRecipient ?? 3,
      windowMs: deps.rateLimit?.reportsPerRecipientWindowMs ?? 24 * 60 * 60 * 1000,
    },
    newsletterConfirmationTtlMs: deps.newsletterConfirmationTtlMs ?? 7 * 24 * 60 * 60 * 1000,
  };

  // Every public route that mails or stores is limited per client here: the contact form, the report
  // (it mails any address it is given), its stored copy and share images (each call stores a row).
  // A client is one IPv4 address or one IPv6 /64 (rateLimitKey): a single home gets a whole /64. With
  // Redis the counters are shared by every instance; without it (embedded mode) the one process counts.
  void app.register(rateLimit, {
    global: false,
    ...(deps.redis
      ? { redis: deps.redis, nameSpace: `${deps.redisKeyPrefix ?? 'bm:'}reports:rate-limit:` }
      : {}),
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });

  // Registered as a plugin so its routes are added after the rate-limit plugin has loaded (its
  // onRoute hook attaches the per-route limit).
  void app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    emailReportRoute(routes, ctx, {
      max: deps.rateLimit?.reportMax ?? 10,
      windowMs: deps.rateLimit?.reportWindowMs ?? 10 * 60 * 1000,
    });
    submitReportRoute(routes, ctx, {
      max: deps.rateLimit?.submitReportMax ?? 10,
      windowMs: deps.rateLimit?.submitReportWindowMs ?? 10 * 60 * 1000,
    });
    newsletterRoutes(routes, ctx);
    contactRoute(routes, ctx, {
      max: deps.rateLimit?.contactMax ?? 5,
      windowMs: deps.rateLimit?.contactWindowMs ?? 10 * 60 * 1000,
    });
    shareRoutes(routes, ctx, {
      max: deps.rateLimit?.shareImageMax ?? 20,
      windowMs: deps.rateLimit?.shareImageWindowMs ?? 10 * 60 * 1000,
    });
  });

  return app;
}
