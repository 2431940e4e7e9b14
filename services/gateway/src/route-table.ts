// Which service answers which public path, derived from the route contracts each service registers
// (`routesByService`): a route added to a contract is routed here without another line. What is written
// here is how the gateway mounts each service — its flags, and the path prefixes a service owns whole.
// The router prefers a static path over a wildcard whatever the order (POST /api/analytics/page-visit goes
// to tracking, GET /api/analytics/overview to analytics), so the order here is for the reader.
import type { HTTPMethods } from 'fastify';
import {
  postbackRoutes,
  routesByService,
  sharedLinkRoutes,
  type RouteContract,
  type RouteService,
} from '@bodymetrics/contracts';
import type { UpstreamTarget } from './upstream-pool';

export type UpstreamName = RouteService | 'live';

/**
 * Base URL of each service, e.g. http://127.0.0.1:8081 (design §5). An HTTP service may be several
 * replicas (a list, taken in turns); the live socket goes to one URL.
 */
export type Upstreams = Record<Exclude<UpstreamName, 'live'>, UpstreamTarget> & { live: string };

/** The gateway's upstreams: a service served in the gateway's own process has none (in-process-service.ts). */
export type GatewayUpstreams = Partial<Upstreams>;

/** Every service the gateway sends requests to: each needs an upstream or to be served in-process. */
export const upstreamNames: readonly UpstreamName[] = [
  'tracking',
  'offers',
  'reports',
  'adminAuth',
  'analytics',
  'live',
];

export interface ProxyRoute {
  upstream: Exclude<UpstreamName, 'live'>;
  methods: HTTPMethods[];
  /** A fastify path: static, `:param` or a trailing `*`. */
  url: string;
  /** Counted against the per-IP budget for visitor tracking. */
  rateLimited?: boolean;
  /**
   * Requests that change state (any method but GET, HEAD, OPTIONS) must come from the site's own pages
   * (`Sec-Fetch-Site: same-origin` or `Origin` = PUBLIC_BASE_URL), else 403: CSRF from a sibling origin.
   */
  sameOrigin?: boolean;
  /**
   * With `sameOrigin`: a `Referer` of the public origin also proves it when the request carries neither
   * Sec-Fetch-Site nor Origin (a beacon from a browser without Fetch Metadata). Tracking routes only.
   */
  refererProves?: boolean;
}

const read: HTTPMethods[] = ['GET', 'HEAD'];
const any: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

type Flags = Pick<ProxyRoute, 'rateLimited' | 'sameOrigin' | 'refererProves'>;

interface Mount {
  /** Set on every entry of the service. */
  flags?: Flags;
  /**
   * Path prefixes the service owns whole: one wildcard entry for every method, so the service itself
   * answers an unknown path or method under it (404/405) and every state change there passes the
   * entry's flags. Its routes under the prefix get no entry of their own.
   */
  areas?: readonly { prefix: string; flags?: Flags }[];
  /** Routes of the service with flags of their own (on top of the service's). */
  routes?: readonly { route: RouteContract; flags: Flags }[];
}

/**
 * A route's own entry: GET also answers HEAD. A trailing `:param` becomes a wildcard, so a malformed
 * value (`/api/legal/a/b`) still reaches the service and gets its 404 rather than the app's page.
 */
const entryOf = (upstream: RouteService, route: RouteContract, flags: Flags = {}): ProxyRoute => ({
  upstream,
  methods: route.method === 'GET' ? read : [route.method],
  url: route.path.replace(/:[A-Za-z]+$/, '*'),
  ...flags,
});

function mount(upstream: RouteService, { flags = {}, areas = [], routes: own = [] }: Mount): ProxyRoute[] {
  const routes = Object.values(routesByService[upstream]).flatMap((group) =>
    Object.values(group as Record<string, RouteContract>),
  );
  const inArea = (route: RouteContract) => areas.some((area) => route.path.startsWith(area.prefix));
  return [
    ...routes
      .filter((route) => !inArea(route))
      .map((route) => entryOf(upstream, route, { ...flags, ...own.find((o) => o.route === route)?.flags })),
    ...areas.map((area) => ({ upstream, methods: any, url: `${area.prefix}*`, ...flags, ...area.flags })),
  ];
}

export const routeTable: readonly ProxyRoute[] = [
  // Visitor tracking (spec §7): writes only, published to Kafka by the tracking service. Only our own
  // pages are counted: another site's beacons to these routes are refused.
  ...mount('tracking', { flags: { rateLimited: true, sameOrigin: true, refererProves: true } }),

  // Offers and content: the offers list and the legal pages; and the operator's offer management and offer
  // segments, prefixes the offers service owns whole (their writes from our own pages only, like every admin
  // write). Their wildcards are more specific than admin-auth's /api/admin/* below, so the router sends them
  // here whatever the order.
  // The networks' postback (server to server: no same-origin check) is counted against the per-client
  // budget of the tracking writes: a network calls from a few addresses, well within it.
  ...mount('offers', {
    areas: [
      { prefix: '/api/admin/offers', flags: { sameOrigin: true } },
      { prefix: '/api/admin/offer-segments', flags: { sameOrigin: true } },
    ],
    routes: [{ route: postbackRoutes.postback, flags: { rateLimited: true } }],
  }),

  // Reports, contact, sharing and the newsletter (including its unsubscribe link).
  ...mount('reports', { areas: [{ prefix: '/api/newsletter/' }] }),

  // The dashboard's reads, CSV exports and reset-all-data: every other /api/analytics path, and the
  // journey reads by their own paths; and the alerts, a prefix under /api/admin/ that analytics owns whole
  // (more specific than admin-auth's wildcard, its writes from our own pages only).
  ...mount('analytics', {
    areas: [
      { prefix: '/api/analytics/', flags: { sameOrigin: true } },
      { prefix: '/api/admin/alerts', flags: { sameOrigin: true } },
      { prefix: '/api/admin/annotations', flags: { sameOrigin: true } },
      { prefix: '/api/admin/shared-views', flags: { sameOrigin: true } },
    ],
    // A shared link's routes (public, by token) are its contracts' own entries: GET, and the password
    // check, a POST from the link's page only.
    routes: [{ route: sharedLinkRoutes.unlock, flags: { sameOrigin: true } }],
  }),

  // Operator sign-in: login, logout, forgot and reset password all change state.
  ...mount('adminAuth', { areas: [{ prefix: '/api/admin/', flags: { sameOrigin: true } }] }),
];

/** The real-time socket (spec §7), proxied as a WebSocket to the live service. */
export const liveSocketPath = '/analytics-ws';
