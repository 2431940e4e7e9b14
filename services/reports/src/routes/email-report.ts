// POST /api/email-report: the visitor asks for their report by e-mail (spec §2 "Send My Health Report").
//
// Nothing half-done: storing the report, subscribing the address and sending the mail happen in one
// database transaction that commits only after the SMTP server accepted the message. If sending
// fails, the transaction is rolled back — no stored report, no subscription — and the visitor gets
// 502 mail_delivery_failed and can simply try again.
//
// Consent (privacy: the operator is in the EU): the body must carry `consent.healthData: true` — the
// schema refuses it otherwise, before anything is stored or sent. The address joins the newsletter only
// when `consent.newsletter` is true; an address already on the list keeps its subscription and gets its
// unsubscribe link in the mail either way.
import type { z } from 'zod';
import { MailDeliveryError } from '@bodymetrics/mail';
import type { App } from '@bodymetrics/service-kit';
import type { ReportsContext, RouteRateLimit } from '../deps';
import { storeHealthReport } from '../health-metrics.repository';
import { mailDeliveryFailed } from '../mail-delivery-failed';
import { findSubscriber, subscribeToNewsletter } from '../newsletter.repository';
import { renderReportEmail } from '../report/render-report-email';
import { findActiveOffers } from '../report-offers.repository';
import { computeReport, reportBodySchema } from '../report-request';
import { unsubscribeUrl } from './newsletter';

type ReportBody = z.output<typeof reportBodySchema>;

export const REPORT_FAILED_MESSAGE = 'Failed to send your health report';

export function emailReportRoute(app: App, ctx: ReportsContext, limit: RouteRateLimit): void {
  app.post(
    '/api/email-report',
    {
      schema: { body: reportBodySchema },
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
    },
    async (request) => {
      const body: ReportBody = request.body;
      const report = computeReport(body.metrics, body.selectedGoal);
      const offers = await findActiveOffers(
        ctx.db,
        body.offers.map((o) => o.id),
      );
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await storeHealthReport(trx, {
            name: body.name,
            email: body.email,
            metrics: body.metrics,
            selectedGoal: body.selectedGoal ?? null,
          });
          // An address that unsubscribed stays unsubscribed; it still gets the report it asked for.
          const subscriber = body.consent.newsletter
            ? await subscribeToNewsletter(trx, { email: body.email, name: body.name })
            : await findSubscriber(trx, body.email);
          const unsubscribe =
            subscriber && !subscriber.unsubscribedAt
              ? unsubscribeUrl(ctx.publicBaseUrl, subscriber.unsubscribeToken)
              : null;
          const mail = await renderReportEmail({
            name: body.name,
            report,
            offers,
            unsubscribeUrl: unsubscribe,
            publicBaseUrl: ctx.publicBaseUrl,
          });
          await ctx.mailer.send({
            to: { name: body.name, address: body.email },
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            ...(unsubscribe
              ? {
                  headers: {
                    'List-Unsubscribe': `<${unsubscribe}>`,
                    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                  },
                }
              : {}),
          });
        });
      } catch (err) {
        if (err instanceof MailDeliveryError) {
          request.log.warn({ err }, 'report mail not accepted by the SMTP server; nothing stored');
          throw mailDeliveryFailed(REPORT_FAILED_MESSAGE);
        }
        throw err;
      }
      return { success: true as const };
    },
  );
}
