// POST /api/journey/track: one step of the visitor's journey.
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { checkedPayload, topics, trackingRoutes } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

const { journeyTrack } = trackingRoutes;

export function journeyRoute(app: App, deps: TrackingDeps): void {
  app.route({
    ...routeOptions(journeyTrack),
    handler: async (request, reply) => {
      const { eventId, ...body } = request.body;
      return publishAccepted(
        deps.bus,
        topics.journey,
        // The parsed body plus the server's stamp: not parsed again to publish (contracts' topics.ts).
        checkedPayload(topics.journey, {
          ...body,
          ...stampOf(request, deps.ipStorage, body.userAgent),
          visitorKey: await visitorKeyOf(request, deps.visitorKeys),
        }),
        reply,
        eventId,
      );
    },
  });
}
