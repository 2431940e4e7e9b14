// POST /api/analytics/page-visit: a page load, or (action = page_leave) the unload beacon.
import type { App } from '@bodymetrics/service-kit';
import { pageLeaveBodySchema, pageVisitBodySchema, topics } from '@bodymetrics/contracts';
import type { TrackingDeps } from '../deps';
import { publishAccepted } from '../publish';
import { stampOf, visitorKeyOf } from '../stamp';
import { parseBody } from '../validate';

export function pageVisitRoute(app: App, deps: TrackingDeps): void {
  // `beacon`: the unload record arrives from navigator.sendBeacon as text/plain.
  app.post('/api/analytics/page-visit', { config: { beacon: true } }, async (request, reply) => {
    const body = request.body as { action?: unknown } | undefined;
    const stamp = stampOf(request, deps.ipStorage);
    if (body && typeof body === 'object' && 'action' in body) {
      const { eventId, ...leave } = parseBody(pageLeaveBodySchema, body);
      return publishAccepted(
        deps.bus,
        topics.pageVisit,
        { kind: 'leave', ...leave, ...stamp },
        reply,
        eventId,
      );
    }
    const { eventId, ...visit } = parseBody(pageVisitBodySchema, body);
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
      eventId,
    );
  });
}
