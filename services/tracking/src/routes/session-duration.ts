// POST /api/analytics/session-duration: the unload beacon with the seconds spent.
import type { App } from '@bodymetrics/service-kit';
import { sessionDurationBodySchema, topics } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';

export function sessionDurationRoute(app: App, deps: TrackingDeps): void {
  app.post(
    '/api/analytics/session-duration',
    { schema: { body: sessionDurationBodySchema } },
    (request, reply) => publishAccepted(deps.bus, topics.sessionDuration, request.body, reply),
  );
}
