// The three ways a click on an offer reaches us (spec §7). Each call is one click event; our public app
// makes exactly one of these calls per click, so a click is counted once. The aggregator fills in the
// offer's title and URL when the call did not carry them.
import type { App } from '@bodymetrics/service-kit';
import {
  affiliateClickBodySchema,
  bridgeOfferClickBodySchema,
  offerClickParamsSchema,
  topics,
  type AffiliateClickEvent,
} from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

export function affiliateClickRoutes(app: App, deps: TrackingDeps): void {
  // Results page: the full click record.
  app.post(
    '/api/analytics/affiliate-click',
    { schema: { body: affiliateClickBodySchema } },
    async (request, reply) => {
      const b = request.body;
      const stamp = stampOf(request, deps.ipStorage, b.userAgent);
      const event: AffiliateClickEvent = {
        offerId: b.offerId,
        offerTitle: b.offerTitle,
        offerUrl: b.offerUrl,
        visitorId: b.visitorId,
        sessionId: b.sessionId,
        referrer: b.referrer ?? null,
        userAgent: b.userAgent ?? stamp.requestUserAgent,
        ipAddress: stamp.ipAddress,
        source: 'results',
        isBot: stamp.isBot,
        visitorKey: await visitorKeyOf(request, deps.visitorKeys, b),
      };
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply);
    },
  );

  // Bridge page: offer and visitor only.
  app.post(
    '/api/affiliate-offers/click',
    { schema: { body: bridgeOfferClickBodySchema } },
    async (request, reply) => {
      const stamp = stampOf(request, deps.ipStorage);
      const event: AffiliateClickEvent = {
        offerId: request.body.offerId,
        offerTitle: null,
        offerUrl: null,
        visitorId: request.body.visitorId,
        sessionId: request.body.sessionId,
        referrer: typeof request.headers.referer === 'string' ? request.headers.referer.slice(0, 2048) : null,
        userAgent: stamp.requestUserAgent,
        ipAddress: stamp.ipAddress,
        source: 'bridge',
        isBot: stamp.isBot,
        visitorKey: await visitorKeyOf(request, deps.visitorKeys, request.body),
      };
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply);
    },
  );

  // The body-less counter call: only the offer is known.
  app.post(
    '/api/affiliate-offers/:id/click',
    { schema: { params: offerClickParamsSchema } },
    (request, reply) => {
      const stamp = stampOf(request, deps.ipStorage);
      const event: AffiliateClickEvent = {
        offerId: request.params.id,
        offerTitle: null,
        offerUrl: null,
        visitorId: null,
        referrer: typeof request.headers.referer === 'string' ? request.headers.referer.slice(0, 2048) : null,
        userAgent: stamp.requestUserAgent,
        ipAddress: stamp.ipAddress,
        source: 'api',
        isBot: stamp.isBot,
      };
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply);
    },
  );
}
