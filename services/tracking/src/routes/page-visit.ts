// POST /api/analytics/page-visit: a page load, or (action = page_leave) the unload beacon.
import type { App } from '@bodymetrics/service-kit';
import { pageVisitRequestBodySchema, topics } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';

export function pageVisitRoute(app: App, deps: TrackingDeps): void {
  // `beacon`: the unload record arrives from navigator.sendBeacon as text/plain.
  app.post(
    '/api/analytics/page-visit',
    { config: { beacon: true }, schema: { body: pageVisitRequestBodySchema } },
    async (request, reply) => {
      const body = request.body;
      if (body.action === 'page_leave') {
        return publishAccepted(
          deps.bus,
          topics.pageVisit,
          { kind: 'leave', ...body, ...stampOf(request, deps.ipStorage) },
          reply,
        );
      }
      const { action: _noAction, ...visit } = body;
      return publishAccepted(
        deps.bus,
        topics.pageVisit,
        {
          kind: 'visit',
          ...visit,
          ...stampOf(request, deps.ipStorage, visit.userAgent),
          visitorKey: await visitorKeyOf(request, deps.visitorKeys, visit),
        },
        reply,
      );
    },
  );
}
