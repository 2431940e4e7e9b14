// POST /api/session/store: a snapshot of the form while the visitor fills it in.
import type { App } from '@bodymetrics/service-kit';
import { sessionStoreBodySchema, topics } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf } from '../stamp';

export function sessionStoreRoute(app: App, deps: TrackingDeps): void {
  // `beacon`: the last snapshot goes out with navigator.sendBeacon (text/plain) when the page unloads.
  app.post(
    '/api/session/store',
    { schema: { body: sessionStoreBodySchema }, config: { beacon: true } },
    (request, reply) => {
      const { eventId, ...body } = request.body;
      return publishAccepted(
        deps.bus,
        topics.formSession,
        (({ ipAddress, isBot }) => ({ ...body, ipAddress, isBot }))(stampOf(request, deps.ipStorage)),
        reply,
        eventId,
      );
    },
  );
}
