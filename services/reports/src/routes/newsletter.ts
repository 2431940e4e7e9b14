// The newsletter's unsubscribe link: GET shows a page (a person clicked the link in the mail), POST is
// the one-click unsubscribe of RFC 8058 that mail clients send for List-Unsubscribe-Post.
import { unsubscribeQuerySchema } from '@bodymetrics/contracts';
import { notFound, type App } from '@bodymetrics/service-kit';
import type { ReportsContext } from '../deps';
import { unsubscribeByToken } from '../newsletter.repository';
import { htmlPage } from '../pages/html-page';

export const unsubscribeUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export function newsletterRoutes(app: App, ctx: ReportsContext): void {
  // RFC 8058: the POST body is "List-Unsubscribe=One-Click", form-encoded (or multipart). The token in
  // the URL is all we need, so the body is read and ignored rather than refused with 415.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );

  app.get(
    '/api/newsletter/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const token = request.query.token;
      const subscriber = token ? await unsubscribeByToken(ctx.db, token) : null;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
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
  );

  app.post(
    '/api/newsletter/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema } },
    async (request) => {
      const token = request.query.token;
      const subscriber = token ? await unsubscribeByToken(ctx.db, token) : null;
      if (!subscriber) throw notFound('Unsubscribe token');
      return { success: true as const, unsubscribed: true };
    },
  );
}
