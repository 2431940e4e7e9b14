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
import type { FastifyRequest } from 'fastify';
import type { ActiveOffer, ActiveOffers } from '../active-offers';
import type { TrackingDeps } from '../deps';
import { checkedOffer } from '../offer-check';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf, type ServerStamp } from '../stamp';

const { affiliateClick, bridgeOfferClick, offerCounterClick } = trackingRoutes;

/** What a call says about its click: who, from where, with which click id (each route reads it its own way). */
type CallFields = Pick<AffiliateClickEvent, 'visitorId' | 'referrer'> &
  Partial<Pick<AffiliateClickEvent, 'sessionId' | 'userAgent' | 'clickId' | 'visitorKey'>>;

/**
 * A click's event: the offer's title and URL (never the caller's), the request's address, User-Agent and
 * bot verdict (the caller's User-Agent where the route takes one), and what the call said.
 */
const clickEventOf = (
  offer: ActiveOffer,
  stamp: ServerStamp,
  source: AffiliateClickEvent['source'],
  call: CallFields,
): AffiliateClickEvent => ({
  offerId: offer.id,
  offerTitle: offer.title,
  offerUrl: offer.url,
  userAgent: stamp.requestUserAgent,
  ...call,
  ipAddress: stamp.ipAddress,
  source,
  isBot: stamp.isBot,
});

/** The Referer header (the page the call came from), cut to a stored referrer's length. */
const refererOf = (request: FastifyRequest): string | null =>
  typeof request.headers.referer === 'string' ? request.headers.referer.slice(0, 2048) : null;

export function affiliateClickRoutes(app: App, deps: TrackingDeps, offers: ActiveOffers): void {
  // Results page: the full click record. Its offerTitle and offerUrl are the spec's fields, still accepted
  // and ignored.
  app.route({
    ...routeOptions(affiliateClick),
    handler: async (request, reply) => {
      const b = request.body;
      const offer = await checkedOffer(offers, request, b.offerId, 'offerId');
      const stamp = stampOf(request, deps.ipStorage, b.userAgent);
      const event = clickEventOf(offer, stamp, 'results', {
        visitorId: b.visitorId,
        sessionId: b.sessionId,
        referrer: b.referrer ?? null,
        userAgent: b.userAgent ?? stamp.requestUserAgent,
        clickId: b.clickId ?? randomUUID(),
        visitorKey: await visitorKeyOf(request, deps.visitorKeys),
      });
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply, b.eventId);
    },
  });

  // Bridge page: offer and visitor only.
  app.route({
    ...routeOptions(bridgeOfferClick),
    handler: async (request, reply) => {
      const offer = await checkedOffer(offers, request, request.body.offerId, 'offerId');
      const stamp = stampOf(request, deps.ipStorage);
      const event = clickEventOf(offer, stamp, 'bridge', {
        visitorId: request.body.visitorId,
        sessionId: request.body.sessionId,
        referrer: refererOf(request),
        clickId: request.body.clickId ?? randomUUID(),
        visitorKey: await visitorKeyOf(request, deps.visitorKeys),
      });
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
      const event = clickEventOf(offer, stamp, 'api', { visitorId: null, referrer: refererOf(request) });
      return publishAccepted(deps.bus, topics.affiliateClick, event, reply);
    },
  });
}
