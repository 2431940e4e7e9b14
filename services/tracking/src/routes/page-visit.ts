// POST /api/analytics/page-visit: a page load, or (action = page_leave) the unload beacon.
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { checkedPayload, topics, trackingRoutes } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

const { pageVisit } = trackingRoutes;

export function pageVisitRoute(app: App, deps: TrackingDeps): void {
  // `beacon`: the unload record arrives from navigator.sendBeacon as text/plain.
  app.route({
    ...routeOptions(pageVisit),
    config: { beacon: true },
    handler: async (request, reply) => {
      const body = request.body;
      if (body.action === 'page_leave') {
        const { eventId, ...leave } = body;
        return publishAccepted(
          deps.bus,
          topics.pageVisit,
          // The parsed body plus the server's stamp: not parsed again to publish (contracts' topics.ts).
          checkedPayload(topics.pageVisit, { kind: 'leave', ...leave, ...stampOf(request, deps.ipStorage) }),
          reply,
          eventId,
        );
      }
      const { action: _noAction, eventId, ...visit } = body;
      return publishAccepted(
        deps.bus,
        topics.pageVisit,
        checkedPayload(topics.pageVisit, {
          kind: 'visit',
          ...visit,
          ...stampOf(request, deps.ipStorage, visit.userAgent),
          visitorKey: await visitorKeyOf(request, deps.visitorKeys),
        }),
        reply,
        eventId,
      );
    },
  });
}
