// The newsletter's two links.
// - Unsubscribe: GET shows a page (a person clicked the link in the mail), POST is the one-click
//   unsubscribe of RFC 8058 that mail clients send for List-Unsubscribe-Post.
// - Confirm (double opt-in): GET only shows a page with a "Confirm" button and changes nothing — mail
//   scanners and link previewers fetch every link in a mail, and must not subscribe anybody; the
//   button's POST uses the token once and subscribes the address.
import { reportsRoutes, routeUrl, type RawRoute, type ReportLanguage } from '@bodymetrics/contracts';
import { notFound, replyAs, routeOptions, type App } from '@bodymetrics/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReportsContext } from '../deps';
import {
  confirmNewsletterSubscription,
  findNewsletterConfirmation,
  unsubscribeByToken,
  type ConfirmationState,
  type UnusableConfirmation,
} from '../newsletter.repository';
import { htmlPage, type HtmlPageInput } from '../pages/html-page';
import { pageLanguage, VARY_LANGUAGE } from '../pages/page-language';
import { pageTexts, type PageTexts } from '../pages/page-texts';

const { newsletterConfirmPage, newsletterConfirm, unsubscribePage, unsubscribe } = reportsRoutes;

export const unsubscribeUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}${routeUrl(unsubscribePage, { token })}`;

const confirmPath = (token: string) => routeUrl(newsletterConfirm, { token });
export const newsletterConfirmUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}${confirmPath(token)}`;

/** The page for a token that cannot (or can no longer) confirm anything. */
function unusableLinkPage(
  state: UnusableConfirmation,
  { confirm: t }: PageTexts,
): {
  status: number;
  page: HtmlPageInput;
} {
  switch (state.state) {
    case 'used':
      return { status: 410, page: { title: t.usedTitle, paragraphs: t.used } };
    case 'expired':
      return { status: 410, page: { title: t.expiredTitle, paragraphs: t.expired } };
    case 'unknown':
      return { status: 404, page: { title: t.unknownTitle, paragraphs: t.unknown } };
  }
}

/** The page's language from the request, and the Vary header that tells caches the answer depends on it. */
function languageOf(request: FastifyRequest, reply: FastifyReply) {
  reply.header('vary', VARY_LANGUAGE);
  const language = pageLanguage(request.headers['accept-language']);
  return { language, texts: pageTexts(language) };
}

const sendPage = (
  reply: FastifyReply,
  route: RawRoute,
  status: number,
  page: HtmlPageInput,
  language: ReportLanguage,
) => replyAs(reply, route).status(status).header('cache-control', 'no-store').send(htmlPage(page, language));

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
      const { language, texts } = languageOf(request, reply);
      const found: ConfirmationState = token
        ? await findNewsletterConfirmation(ctx.db, token)
        : { state: 'unknown' };
      if (found.state !== 'pending') {
        const { status, page } = unusableLinkPage(found, texts);
        return sendPage(reply, newsletterConfirmPage, status, page, language);
      }
      const page = {
        title: texts.confirm.askTitle,
        paragraphs: texts.confirm.ask(found.email),
        form: { action: confirmPath(token!), button: texts.confirm.button },
      };
      return sendPage(reply, newsletterConfirmPage, 200, page, language);
    },
  });

  app.route({
    ...routeOptions(newsletterConfirm),
    handler: async (request, reply) => {
      const token = request.query.token;
      const { language, texts } = languageOf(request, reply);
      const result = token
        ? await confirmNewsletterSubscription(ctx.db, token)
        : ({ state: 'unknown' } as const);
      if (result.state !== 'confirmed') {
        const { status, page } = unusableLinkPage(result, texts);
        return sendPage(reply, newsletterConfirm, status, page, language);
      }
      const page = { title: texts.confirm.doneTitle, paragraphs: texts.confirm.done(result.email) };
      return sendPage(reply, newsletterConfirm, 200, page, language);
    },
  });

  app.route({
    ...routeOptions(unsubscribePage),
    handler: async (request, reply) => {
      const token = request.query.token;
      const { language, texts } = languageOf(request, reply);
      const subscriber = token ? await unsubscribeByToken(ctx.db, token) : null;
      const { unsubscribe: t } = texts;
      const page = subscriber
        ? { title: t.doneTitle, paragraphs: t.done(subscriber.email) }
        : { title: t.unknownTitle, paragraphs: t.unknown };
      return sendPage(reply, unsubscribePage, subscriber ? 200 : 404, page, language);
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
