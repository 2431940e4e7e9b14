// The reports service's routes: the e-mailed report and its stored copy, the contact form, sharing (a card,
// its image, its public page) and the newsletter's two links. Pages and images are not JSON: their routes
// name the content type they are sent with.
import { contactBodySchema } from './contact';
import { answers, route } from './route';
import { reportsPaths } from './route-paths';
import {
  doneResponseSchema,
  newsletterConfirmQuerySchema,
  reportMetricsSchema,
  reportRequestBodySchema,
  reportSentResponseSchema,
  reportStoredResponseSchema,
  shareImageBodySchema,
  shareImageParamsSchema,
  shareImageResponseSchema,
  sharePageParamsSchema,
  unsubscribedResponseSchema,
  unsubscribeQuerySchema,
} from './reports';

const write = { method: 'POST', status: 200 } as const;
const read = { method: 'GET', status: 200 } as const;
const htmlPage = answers('text/html; charset=utf-8');
const reportBody = reportRequestBodySchema(reportMetricsSchema);

export const reportsRoutes = {
  /** "Send My Health Report" (spec §2): 200 once the SMTP server took the mail. */
  emailReport: route({
    ...write,
    path: reportsPaths.emailReport,
    body: reportBody,
    response: reportSentResponseSchema,
  }),
  /** The stored copy the app sends after the mail; `stored` says whether this call added it. */
  submitReport: route({
    ...write,
    path: reportsPaths.submitReport,
    body: reportBody,
    response: reportStoredResponseSchema,
  }),
  contact: route({
    ...write,
    path: reportsPaths.contact,
    body: contactBodySchema,
    response: doneResponseSchema,
  }),
  generateShareImage: route({
    ...write,
    path: reportsPaths.generateShareImage,
    body: shareImageBodySchema,
    response: shareImageResponseSchema,
  }),
  shareImage: route({
    ...read,
    path: reportsPaths.shareImage,
    params: shareImageParamsSchema,
    response: answers('image/png'),
  }),
  sharePage: route({
    ...read,
    path: reportsPaths.sharePage,
    params: sharePageParamsSchema,
    response: htmlPage,
  }),
  /** The mail's confirmation link shows a page with a button (GET changes nothing: scanners follow links). */
  newsletterConfirmPage: route({
    ...read,
    path: reportsPaths.newsletterConfirmPage,
    query: newsletterConfirmQuerySchema,
    response: htmlPage,
  }),
  /** The page's button: subscribes the address, answered with a page. */
  newsletterConfirm: route({
    ...write,
    path: reportsPaths.newsletterConfirm,
    query: newsletterConfirmQuerySchema,
    response: htmlPage,
  }),
  /** The unsubscribe link a person follows. */
  unsubscribePage: route({
    ...read,
    path: reportsPaths.unsubscribePage,
    query: unsubscribeQuerySchema,
    response: htmlPage,
  }),
  /** The one-click unsubscribe of RFC 8058 that mail clients POST for List-Unsubscribe-Post. */
  unsubscribe: route({
    ...write,
    path: reportsPaths.unsubscribe,
    query: unsubscribeQuerySchema,
    response: unsubscribedResponseSchema,
  }),
} as const;
