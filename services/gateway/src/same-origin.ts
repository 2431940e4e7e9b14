// Cross-site request forgery beyond SameSite. The admin cookie is SameSite=Strict, but "site" is the
// registrable domain: a page on a sibling subdomain (or another port of the same host) is same-site, and
// its forms and sockets carry the cookie. So a state-changing request to a route marked `sameOrigin`, and
// a WebSocket upgrade, must prove they come from the site's own pages: the browser's
// `Sec-Fetch-Site: same-origin` (Fetch Metadata), or an `Origin` equal to the public origin
// (PUBLIC_BASE_URL). A request with neither is refused too: browsers send one of them on every POST and
// every socket (OWASP CSRF Prevention Cheat Sheet, "Fetch Metadata" and "Verifying origin with standard
// headers").
// Visitor tracking is held to the same rule so that another site cannot make its visitors count as ours
// (a `sendBeacon` from a foreign page carries a real browser's User-Agent). Beacons are the one place where
// a browser without Fetch Metadata may also leave out `Origin`; for them the `Referer` (which our pages
// send as their origin, Referrer-Policy strict-origin-when-cross-origin) may stand in — only when neither
// of the other two headers is present, since a browser that sends them tells the truth with them.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '@bodymetrics/service-kit';

/** Methods that change nothing: never checked (OPTIONS is a CORS preflight, answered without effect). */
export const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginProof {
  /** Accept a `Referer` of the public origin when the request has neither Sec-Fetch-Site nor Origin. */
  referer?: boolean;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

export function fromSameOrigin(
  headers: FastifyRequest['headers'],
  publicOrigin: string,
  proof: SameOriginProof = {},
): boolean {
  if (headers['sec-fetch-site'] === 'same-origin') return true;
  if (headers.origin === publicOrigin) return true;
  if (!proof.referer || headers['sec-fetch-site'] !== undefined || headers.origin !== undefined) return false;
  const referer = headers.referer;
  return typeof referer === 'string' && originOf(referer) === publicOrigin;
}

export const crossOriginRefused = () =>
  new HttpError(
    403,
    'cross_origin_refused',
    'origin: this request must come from the site itself (Sec-Fetch-Site: same-origin or its Origin)',
  );
