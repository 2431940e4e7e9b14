// POST /api/analytics/session-duration: the unload beacon with the seconds spent.
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { checkedPayload, topics, trackingRoutes } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf } from '../stamp';

const { sessionDuration } = trackingRoutes;

export function sessionDurationRoute(app: App, deps: TrackingDeps): void {
  app.route({
    ...routeOptions(sessionDuration),
    // `beacon`: sent by navigator.sendBeacon on unload, as text/plain.
    config: { beacon: true },
    handler: (request, reply) => {
      const { eventId, ...body } = request.body;
      return publishAccepted(
        deps.bus,
        topics.sessionDuration,
        // The User-Agent header and the bot decision, so a crawler's beacon is left out of the session time like its visit.
        // The parsed body plus the server's stamp: not parsed again to publish (contracts' topics.ts).
        (({ requestUserAgent, isBot }) =>
          checkedPayload(topics.sessionDuration, { ...body, requestUserAgent, isBot }))(
          stampOf(request, deps.ipStorage),
        ),
        reply,
        eventId,
      );
    },
  });
}
