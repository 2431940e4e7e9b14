// POST /api/email-report: the visitor asks for their report by e-mail (spec §2 "Send My Health Report").
//
// Nothing half-done: storing the report, storing a pending newsletter confirmation and sending the mail
// happen in one database transaction that commits only after the SMTP server accepted the message. If
// sending fails, the transaction is rolled back — no stored report, nothing pending — the mail's count for
// its recipient is given back, and the visitor gets 502 mail_delivery_failed and can simply try again.
//
// Consent (privacy: the operator is in the EU): the body must carry `consent.healthData: true` — the
// schema refuses it otherwise, before anything is stored or sent. `consent.newsletter` does not subscribe
// anybody on the spot (double opt-in): the mail carries a confirmation link, and the address joins the
// newsletter only when its owner follows it (routes/newsletter.ts). An address already on the list keeps
// its subscription and gets its unsubscribe link in the mail either way.
//
// The funnel (funnel-steps.ts): an accepted request records email_provided, a sent mail report_sent, for
// the visitor the body names; a bus that cannot take them never changes the answer.
//
// Not a spam relay: besides the per-client limit, one address gets at most a few report mails per day
// (REPORTS_PER_RECIPIENT_MAX), whoever asks; over it → 429 recipient_rate_limited, nothing stored or sent.
import type { z } from 'zod';
import { MailDeliveryError } from '@bodymetrics/mail';
import { reportsRoutes } from '@bodymetrics/contracts';
import { routeOptions, type App } from '@bodymetrics/service-kit';
import type { ReportsContext } from '../deps';
import { limitedPerClient, recipientHash, recipientLimited } from '../rate-limits';
import { storeHealthReport } from '../health-metrics.repository';
import { recordFunnelSteps } from '../funnel-steps';
import { mailDeliveryFailed } from '../mail-delivery-failed';
import {
  createNewsletterConfirmation,
  deleteExpiredNewsletterConfirmations,
  findSubscriber,
} from '../newsletter.repository';
import { renderReportEmail } from '../report/render-report-email';
import { findActiveOffers } from '../report-offers.repository';
import { computeReport, reportBodySchema } from '../report-request';
import { newsletterConfirmUrl, unsubscribeUrl } from './newsletter';

type ReportBody = z.output<typeof reportBodySchema>;

export const REPORT_FAILED_MESSAGE = 'Failed to send your health report';

export function emailReportRoute(app: App, ctx: ReportsContext): void {
  app.route({
    ...routeOptions(reportsRoutes.emailReport, reportBodySchema),
    onRequest: limitedPerClient(ctx.limits.emailReport),
    handler: async (request) => {
      const body: ReportBody = request.body;
      const report = computeReport(body.metrics, body.selectedGoal, body.language);
      const offers = await findActiveOffers(
        ctx.db,
        body.offers.map((o) => o.id),
      );
      if (body.consent.newsletter) await deleteExpiredNewsletterConfirmations(ctx.db);
      // Counted before anything is stored; given back below when the mail does not go out.
      const perRecipient = ctx.limits.reportsPerRecipient;
      const recipient = recipientHash(body.email);
      const counted = await perRecipient.take(recipient);
      if (!counted.allowed) throw recipientLimited(perRecipient.limit, counted.retryAfterSeconds);
      // Set once the request was counted for its recipient, stored and handed to the mailer: the funnel's
      // email_provided, whether or not the mail then goes out.
      let accepted = false;
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await storeHealthReport(trx, {
            name: body.name,
            email: body.email,
            metrics: body.metrics,
            selectedGoal: body.selectedGoal ?? null,
          });
          const subscriber = await findSubscriber(trx, body.email);
          const subscribed = subscriber !== null && subscriber.unsubscribedAt === null;
          const unsubscribe = subscribed
            ? unsubscribeUrl(ctx.publicBaseUrl, subscriber.unsubscribeToken)
            : null;
          // Ticked by someone not (or no longer) on the list: ask the address's owner to confirm.
          const confirm =
            body.consent.newsletter && !subscribed
              ? newsletterConfirmUrl(
                  ctx.publicBaseUrl,
                  await createNewsletterConfirmation(trx, {
                    email: body.email,
                    name: body.name,
                    ttlMs: ctx.newsletterConfirmationTtlMs,
                  }),
                )
              : null;
          const mail = await renderReportEmail({
            name: body.name,
            report,
            offers,
            unsubscribeUrl: unsubscribe,
            newsletterConfirmUrl: confirm,
            newsletterConfirmTtlMs: ctx.newsletterConfirmationTtlMs,
            publicBaseUrl: ctx.publicBaseUrl,
            withoutPlan: body.withoutPlan,
          });
          accepted = true;
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
        await perRecipient.giveBack(recipient);
        if (err instanceof MailDeliveryError) {
          request.log.warn({ err }, 'report mail not accepted by the SMTP server; nothing stored');
          if (accepted) await recordFunnelSteps(ctx, request, body, ['email_provided']);
          throw mailDeliveryFailed(REPORT_FAILED_MESSAGE);
        }
        throw err;
      }
      await recordFunnelSteps(ctx, request, body, ['email_provided', 'report_sent']);
      return { success: true as const };
    },
  });
}
