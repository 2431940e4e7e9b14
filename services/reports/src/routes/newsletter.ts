// The newsletter's two links.
// - Unsubscribe: GET shows a page (a person clicked the link in the mail), POST is the one-click
//   unsubscribe of RFC 8058 that mail clients send for List-Unsubscribe-Post.
// - Confirm (double opt-in): GET only shows a page with a "Confirm" button and changes nothing — mail
//   scanners and link previewers fetch every link in a mail, and must not subscribe anybody; the
//   button's POST uses the token once and subscribes the address.
import { reportsRoutes, routeUrl, type RawRoute } from '@bodymetrics/contracts';
import { notFound, replyAs, routeOptions, type App } from '@bodymetrics/service-kit';
import type { FastifyReply } from 'fastify';
import type { ReportsContext } from '../deps';
import {
  confirmNewsletterSubscription,
  findNewsletterConfirmation,
  unsubscribeByToken,
  type ConfirmationState,
  type UnusableConfirmation,
} from '../newsletter.repository';
import { htmlPage, type HtmlPageInput } from '../pages/html-page';

const { newsletterConfirmPage, newsletterConfirm, unsubscribePage, unsubscribe } = reportsRoutes;

export const unsubscribeUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}${routeUrl(unsubscribePage, { token })}`;

const confirmPath = (token: string) => routeUrl(newsletterConfirm, { token });
export const newsletterConfirmUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}${confirmPath(token)}`;

/** The page for a token that cannot (or can no longer) confirm anything. */
function unusableLinkPage(state: UnusableConfirmation): {
  status: number;
  page: HtmlPageInput;
} {
  switch (state.state) {
    case 'used':
      return {
        status: 410,
        page: {
          title: 'This confirmation link has already been used',
          paragraphs: [
            'The subscription it was sent for has been confirmed. Each link works once.',
            'To stop the newsletter, use the unsubscribe link at the bottom of any BodyMetrics e-mail.',
          ],
        },
      };
    case 'expired':
      return {
        status: 410,
        page: {
          title: 'This confirmation link has expired',
          paragraphs: [
            'You have not been subscribed to the BodyMetrics newsletter.',
            'To subscribe, tick the newsletter box the next time you request your health report; the e-mail will carry a new link.',
          ],
        },
      };
    case 'unknown':
      return {
        status: 404,
        page: {
          title: 'This confirmation link is not valid',
          paragraphs: [
            'The link may be incomplete, or it expired and was removed. Please open the full link from the e-mail you received.',
          ],
        },
      };
  }
}

const sendPage = (reply: FastifyReply, route: RawRoute, status: number, page: HtmlPageInput) =>
  replyAs(reply, route).status(status).header('cache-control', 'no-store').send(htmlPage(page));

export function newsletterRoutes(app: App, ctx: ReportsContext): void {
  // RFC 8058: the POST body is "List-Unsubscribe=One-Click", form-encoded (or multipart). The token in
  // the URL is all we need, so the body is read and ignored rather than refused with 415.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  app.route({
    ...routeOptions(newsletterConfirmPage),
    handler: async (request, reply) => {
      const token = request.query.token;
      const found: ConfirmationState = token
        ? await findNewsletterConfirmation(ctx.db, token)
        : { state: 'unknown' };
      if (found.state !== 'pending') {
        const { status, page } = unusableLinkPage(found);
        return sendPage(reply, newsletterConfirmPage, status, page);
      }
      return sendPage(reply, newsletterConfirmPage, 200, {
        title: 'Confirm your newsletter subscription',
        paragraphs: [
          `Press the button to subscribe ${found.email} to the BodyMetrics newsletter with health tips and offers.`,
          'If you did not ask for it, close this page: nothing happens without your confirmation.',
        ],
        form: { action: confirmPath(token!), button: 'Confirm my subscription' },
      });
    },
  });

  app.route({
    ...routeOptions(newsletterConfirm),
    handler: async (request, reply) => {
      const token = request.query.token;
      const result = token
        ? await confirmNewsletterSubscription(ctx.db, token)
        : ({ state: 'unknown' } as const);
      if (result.state !== 'confirmed') {
        const { status, page } = unusableLinkPage(result);
        return sendPage(reply, newsletterConfirm, status, page);
      }
      return sendPage(reply, newsletterConfirm, 200, {
        title: 'Your subscription is confirmed',
        paragraphs: [
          `${result.email} will receive the BodyMetrics newsletter. Every newsletter contains an unsubscribe link.`,
        ],
      });
    },
  });

  app.route({
    ...routeOptions(unsubscribePage),
    handler: async (request, reply) => {
      const token = request.query.token;
      const subscriber = token ? await unsubscribeByToken(ctx.db, token) : null;
      replyAs(reply, unsubscribePage).header('cache-control', 'no-store');
      if (!subscriber) {
        return reply.status(404).send(
          htmlPage({
            title: 'This unsubscribe link is not valid',
            paragraphs: [
              'The link may be incomplete. Please open the full link from the e-mail you received.',
            ],
          }),
        );
      }
      return reply.send(
        htmlPage({
          title: 'You have been unsubscribed.',
          paragraphs: [`${subscriber.email} will not receive the BodyMetrics newsletter any more.`],
        }),
      );
    },
  });

  app.route({
    ...routeOptions(unsubscribe),
    handler: async (request) => {
      const token = request.query.token;
      const subscriber = token ? await unsubscribeByToken(ctx.db, token) : null;
      if (!subscriber) throw notFound('Unsubscribe token');
      return { success: true, unsubscribed: true } as const;
    },
  });
}
