// POST /api/journey/track: one step of the visitor's journey.
import type { App } from '@bodymetrics/service-kit';
import { journeyTrackBodySchema, topics } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

export function journeyRoute(app: App, deps: TrackingDeps): void {
  app.post('/api/journey/track', { schema: { body: journeyTrackBodySchema } }, async (request, reply) =>
    publishAccepted(
      deps.bus,
      topics.journey,
      {
        ...request.body,
        ...stampOf(request, deps.ipStorage, request.body.userAgent),
        visitorKey: await visitorKeyOf(request, deps.visitorKeys, request.body),
      },
      reply,
    ),
  );
}
