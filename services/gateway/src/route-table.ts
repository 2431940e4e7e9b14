// Which service answers which public path: the one place to read (and change) the gateway's routing.
// Specific entries come before general ones. The router also prefers a static path over a wildcard
// whatever the order (POST /api/analytics/page-visit goes to tracking, GET /api/analytics/overview to
// analytics), so the order here is for the reader.
import type { HTTPMethods } from 'fastify';
import { analyticsRoutes, offersRoutes, trackingRoutes } from '@bodymetrics/contracts';
import type { UpstreamTarget } from './upstream-pool';

export type UpstreamName = 'tracking' | 'offers' | 'reports' | 'adminAuth' | 'analytics' | 'live';

/**
 * Base URL of each service, e.g. http://127.0.0.1:8081 (design §5). An HTTP service may be several
 * replicas (a list, taken in turns); the live socket goes to one URL.
 */
export type Upstreams = Record<Exclude<UpstreamName, 'live'>, UpstreamTarget> & { live: string };

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
const write: HTTPMethods[] = ['POST'];
const any: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

// Only our own pages are counted (issue 13 item 7): another site's beacons to these routes are refused.
const tracking = (url: string): ProxyRoute => ({
  upstream: 'tracking',
  methods: write,
  url,
  rateLimited: true,
  sameOrigin: true,
  refererProves: true,
});

export const routeTable: readonly ProxyRoute[] = [
  // Visitor tracking (spec §7): writes only, published to Kafka by the tracking service.
  // Every route of the contract's trackingRoutes, by its path.
  ...Object.values(trackingRoutes).map((r) => tracking(r.path)),

  // Offers and content.
  { upstream: 'offers', methods: read, url: offersRoutes.all.path },
  { upstream: 'offers', methods: read, url: '/api/legal/*' },

  // Reports, contact, sharing and the newsletter (including its unsubscribe link).
  { upstream: 'reports', methods: write, url: '/api/email-report' },
  { upstream: 'reports', methods: write, url: '/api/submit-report' },
  { upstream: 'reports', methods: write, url: '/api/contact' },
  { upstream: 'reports', methods: write, url: '/api/generate-share-image' },
  { upstream: 'reports', methods: read, url: '/api/share-images/*' },
  { upstream: 'reports', methods: any, url: '/api/newsletter/*' },
  { upstream: 'reports', methods: read, url: '/share/*' },

  // Operator sign-in: login, logout, forgot and reset password all change state.
  { upstream: 'adminAuth', methods: any, url: '/api/admin/*', sameOrigin: true },

  // The dashboard's reads and reset-all-data: every other /api/analytics path and three journey reads.
  { upstream: 'analytics', methods: read, url: analyticsRoutes.funnelStats.path },
  { upstream: 'analytics', methods: read, url: analyticsRoutes.todaySummary.path },
  { upstream: 'analytics', methods: read, url: analyticsRoutes.abandonment.path },
  { upstream: 'analytics', methods: any, url: '/api/analytics/*', sameOrigin: true },
];

/** The real-time socket (spec §7), proxied as a WebSocket to the live service. */
export const liveSocketPath = '/analytics-ws';
