// The three ways a click on an offer reaches us (spec §7). Each names an offer that must exist and be
// active (offer-check.ts); the event's title and URL are the offer's, never the caller's. The results page
// sends its full record (an analytics click) plus the body-less counter call, which feeds only the offer's
// own `clicks` counter; the bridge page makes one call, which is both. So a click is counted once.
// Both click calls carry the click id the page put in the offer's URL; a page cached from
// before click ids sends none and gets one made here (like eventId), so every stored click has one.
// Clicks are published unmarked (not `checkedPayload`): their title and URL come from the offers table,
// which no route schema parsed, so the bus validates the envelope before it goes out.
import { randomUUID } from 'node:crypto';
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { topics, trackingRoutes, type AffiliateClickEvent } from '@bodymetrics/contracts';
import type { ActiveOffers } from '../active-offers';
import type { TrackingDeps } from '../deps';
import { checkedOffer } from '../offer-check';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

const { affiliateClick, bridgeOfferClick, offerCounterClick } = trackingRoutes;

export function affiliateClickRoutes(app: App, deps: TrackingDeps, offers: ActiveOffers): void {
  // Results page: the full click record. Its offerTitle and offerUrl are the spec's fields, still accepted
  // and ignored.
  app.route({
    ...routeOptions(affiliateClick),
    handler: async (request, reply) => {
      const b = request.body;
      const offer = await checkedOffer(offers, request, b.offerId, 'offerId');
      const stamp = stampOf(request, deps.ipStorage, b.userAgent);
      const event: AffiliateClickEvent = {
        offerId: offer.id,
        offerTitle: offer.title,
        offerUrl: offer.url,
        visitorId: b.visitorId,
        sessionId: b.sessionId,
        referrer: b.referrer ?? null,
        userAgent: b.userAgent ?? stamp.requestUserAgent,
        ipAddress: stamp.ipAddress,
        source: 'results',
        clickId: b.clickId ?? randomUUID(),
        isBot: stamp.isBot,
        visitorKey: await visitorKeyOf(request, deps.visitorKeys),
      };
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply, b.eventId);
    },
  });

  // Bridge page: offer and visitor only.
  app.route({
    ...routeOptions(bridgeOfferClick),
    handler: async (request, reply) => {
      const offer = await checkedOffer(offers, request, request.body.offerId, 'offerId');
      const stamp = stampOf(request, deps.ipStorage);
      const event: AffiliateClickEvent = {
        offerId: offer.id,
        offerTitle: offer.title,
        offerUrl: offer.url,
        visitorId: request.body.visitorId,
        sessionId: request.body.sessionId,
        referrer: typeof request.headers.referer === 'string' ? request.headers.referer.slice(0, 2048) : null,
        userAgent: stamp.requestUserAgent,
        ipAddress: stamp.ipAddress,
        source: 'bridge',
        clickId: request.body.clickId ?? randomUUID(),
        isBot: stamp.isBot,
        visitorKey: await visitorKeyOf(request, deps.visitorKeys),
      };
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply, request.body.eventId);
    },
  });

  // The body-less counter call: only the offer is known. It moves the offer's `clicks` counter and no
  // dashboard figure (the aggregator's offer-counter.ts).
  app.route({
    ...routeOptions(offerCounterClick),
    handler: async (request, reply) => {
      const offer = await checkedOffer(offers, request, request.params.id, 'id');
      const stamp = stampOf(request, deps.ipStorage);
      const event: AffiliateClickEvent = {
        offerId: offer.id,
        offerTitle: offer.title,
        offerUrl: offer.url,
        visitorId: null,
        referrer: typeof request.headers.referer === 'string' ? request.headers.referer.slice(0, 2048) : null,
        userAgent: stamp.requestUserAgent,
        ipAddress: stamp.ipAddress,
        source: 'api',
        isBot: stamp.isBot,
      };
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply);
    },
  });
}
