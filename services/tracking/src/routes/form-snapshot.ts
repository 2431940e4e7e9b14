// A form snapshot (POST /api/session/store, the spec's path): the form while the visitor fills it in.
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { checkedPayload, topics, trackingRoutes } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf } from '../stamp';

const { formSnapshot } = trackingRoutes;

export function formSnapshotRoute(app: App, deps: TrackingDeps): void {
  // `beacon`: the last snapshot goes out with navigator.sendBeacon (text/plain) when the page unloads.
  app.route({
    ...routeOptions(formSnapshot),
    config: { beacon: true },
    handler: (request, reply) => {
      const { eventId, ...body } = request.body;
      return publishAccepted(
        deps.bus,
        topics.formSnapshot,
        // The parsed body plus the server's stamp: not parsed again to publish (contracts' topics.ts).
        (({ ipAddress, isBot }) => checkedPayload(topics.formSnapshot, { ...body, ipAddress, isBot }))(
          stampOf(request, deps.ipStorage),
        ),
        reply,
        eventId,
      );
    },
  });
}
