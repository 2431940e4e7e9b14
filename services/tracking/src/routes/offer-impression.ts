// POST /api/analytics/offer-impression: the offers a bridge or results page view showed.
// Every id must be an active offer (offer-check.ts); the event carries the visitor as counted and the bot
// decision, and the aggregator counts each (visitor, offer, placement, day) once (apply/offer-impressions.ts).
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { checkedPayload, topics, trackingRoutes, type OfferImpressionEvent } from '@bodymetrics/contracts';
import type { ActiveOffers } from '../active-offers';
import type { TrackingDeps } from '../deps';
import { checkedOffers } from '../offer-check';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

const { offerImpression } = trackingRoutes;

export function offerImpressionRoute(app: App, deps: TrackingDeps, offers: ActiveOffers): void {
  app.route({
    ...routeOptions(offerImpression),
    handler: async (request, reply) => {
      const b = request.body;
      const shown = await checkedOffers(offers, request, b.offerIds);
      const event: OfferImpressionEvent = {
        visitorId: b.visitorId,
        sessionId: b.sessionId,
        placement: b.placement,
        offerIds: shown.map((o) => o.id),
        isBot: stampOf(request, deps.ipStorage).isBot,
        visitorKey: await visitorKeyOf(request, deps.visitorKeys),
      };
      // Parsed body fields, ids of active offers and the bot decision: not parsed again to publish
      // (contracts' topics.ts).
      return publishAccepted(
        deps.bus,
        topics.offerImpression,
        checkedPayload(topics.offerImpression, event),
        reply,
        b.eventId,
      );
    },
  });
}
