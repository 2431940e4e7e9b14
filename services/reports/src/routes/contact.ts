// POST /api/contact (spec §2 Contact page, §5 rules): stored for the operator and forwarded to their
// inbox with Reply-To set to the visitor, so answering is one click. Like the report, storing and
// forwarding are one transaction: if the SMTP server does not take the message, nothing is stored and
// the visitor sees the error (and can retry) — a message is never kept that the operator was not sent.
import { reportsRoutes } from '@bodymetrics/contracts';
import { MailDeliveryError } from '@bodymetrics/mail';
import { routeOptions, storableIp, type App } from '@bodymetrics/service-kit';
import type { ReportsContext } from '../deps';
import { limitedPerClient } from '../rate-limits';
import { markContactMessageForwarded, storeContactMessage } from '../contact-messages.repository';
import { mailDeliveryFailed } from '../mail-delivery-failed';

export const CONTACT_FAILED_MESSAGE = 'Failed to send your message';

export function contactRoute(app: App, ctx: ReportsContext): void {
  app.route({
    ...routeOptions(reportsRoutes.contact),
    onRequest: limitedPerClient(ctx.limits.contact),
    handler: async (request) => {
      const { fullName, email, reason, message } = request.body;
      try {
        await ctx.db.transaction().execute(async (trx) => {
          const id = await storeContactMessage(trx, {
            fullName,
            email,
            reason,
            message,
            ipAddress: storableIp(request.ip, ctx.ipStorage),
          });
          await ctx.mailer.send({
            to: ctx.contactTo,
            replyTo: { name: fullName, address: email },
            // Header fields cannot carry line breaks (the schema trims; nodemailer folds and encodes the rest).
            subject: `[BodyMetrics contact] ${reason}: ${fullName.replace(/[\r\n]+/g, ' ')}`,
            text: [
              `From: ${fullName} <${email}>`,
              `Reason: ${reason}`,
              `Message #${id}:`,
              '',
              message,
              '',
              '— Sent from the BodyMetrics contact form. Reply to this e-mail to answer the visitor.',
            ].join('\n'),
          });
          await markContactMessageForwarded(trx, id);
        });
      } catch (err) {
        if (err instanceof MailDeliveryError) {
          request.log.warn({ err }, 'contact mail not accepted by the SMTP server; nothing stored');
          throw mailDeliveryFailed(CONTACT_FAILED_MESSAGE);
        }
        throw err;
      }
      return { success: true as const };
    },
  });
}
