// A service served inside the gateway's own process: its routes are registered in a scope
// of the gateway instead of proxied to its process, which removes the proxy hop — measured at 0.18–0.29 ms of
// CPU of the ingest path's 0.40–0.64 ms per event (docs/performance.md). Tracking is offered this way in either mode:
// it is the one service on the hot path, and stateless (validate, stamp, publish). The embedded mode serves
// every service so (one process anyway, on one port): the dashboard's and the page's reads then skip two turns
// of the event loop that answers tracking, and no loopback app listens beside the gateway.
//
// The gateway stays the one public entry: the scope sits where the proxied routes would, so what the gateway
// puts in front of them applies unchanged — security headers, request ids, the connection caps and timeouts
// (the root's), the same-origin rule (http-proxy.ts's hook) and the per-client tracking budget (the rate
// limit's scope). What the service's own app would add (zod contracts, NUL refusal, JSON and beacon bodies,
// its body limit) comes from service-kit's `serviceScope`, the same code as its createServiceApp.
import type { FastifyInstance } from 'fastify';
import { serviceScope, type App } from '@bodymetrics/service-kit';
import type { ProxyRoute } from './route-table';

export interface InProcessService {
  /** The largest body of the service's routes (its own app's `bodyLimit`); default the gateway's. */
  bodyLimit?: number;
  /** Adds the service's routes that the table does not count against the per-client budget. */
  routes?: (scope: App) => void;
  /** Adds the service's routes that the table counts against it (`rateLimited`: tracking's, the postback). */
  budgetedRoutes?: (scope: App) => void;
}

/**
 * The services the gateway serves itself instead of proxying (e.g. `inProcessTracking(deps)` of tracking):
 * tracking wherever it is asked for (TRACKING_IN_PROCESS=1), every service in the embedded mode. Live's
 * `routes` add its socket's route (live-socket.ts mounts it); the others' their HTTP routes.
 */
export interface InProcessServices {
  tracking?: InProcessService;
  offers?: InProcessService;
  reports?: InProcessService;
  adminAuth?: InProcessService;
  analytics?: InProcessService;
  live?: InProcessService;
}

export type InProcessName = keyof InProcessServices;

/** The gateway's two places for a service's routes: inside the per-client budget's scope, or outside. */
export type InProcessPlace = 'budgeted' | 'unbudgeted';

/**
 * Registers the `place` routes of `service` in `scope` (a plugin scope of the gateway where their proxied
 * entries would be: inside the rate limit's scope for `budgeted`). Every route added must be an entry of
 * the route table for that service and that place, with the same methods, or lie in an area the service
 * owns whole: a route the table does not know, or knows in the other place, would escape the flags (rate
 * limit, same-origin) the table gives it, so it is refused at start. Each route's entry is recorded in
 * `entryByUrl`, which the same-origin rule reads (http-proxy.ts): a route of an area is known there by its
 * own path, not the area's wildcard.
 */
export async function mountInProcess(
  scope: FastifyInstance,
  name: InProcessName,
  service: InProcessService,
  place: InProcessPlace,
  entries: readonly ProxyRoute[],
  entryByUrl: Map<string, ProxyRoute>,
): Promise<void> {
  const addRoutes = place === 'budgeted' ? service.budgetedRoutes : service.routes;
  if (!addRoutes) return;
  const own = entries.filter((e) => e.upstream === name && Boolean(e.rateLimited) === (place === 'budgeted'));
  const entryOf = (url: string) =>
    own.find((e) => e.url === url) ??
    own.find((e) => e.url.endsWith('*') && url.startsWith(e.url.slice(0, -1)));
  scope.addHook('onRoute', (route) => {
    const entry = entryOf(route.url);
    const methods = [route.method].flat();
    if (!entry || !methods.every((m) => entry.methods.includes(m)))
      throw new Error(
        `${name} in-process: ${methods.join(',')} ${route.url} is not among ${name}'s ${place} routes in the table`,
      );
    entryByUrl.set(route.url, entry);
  });
  addRoutes(serviceScope(scope, service.bodyLimit === undefined ? {} : { bodyLimit: service.bodyLimit }));
}
