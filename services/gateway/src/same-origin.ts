// Cross-site request forgery beyond SameSite. The admin cookie is SameSite=Strict, but "site" is the
// registrable domain: a page on a sibling subdomain (or another port of the same host) is same-site, and
// its forms and sockets carry the cookie. So a state-changing request to a route marked `sameOrigin`, and
// an admin WebSocket upgrade, must prove they come from the site's own pages: the browser's
// `Sec-Fetch-Site: same-origin` (Fetch Metadata), or an `Origin` equal to the public origin
// (PUBLIC_BASE_URL). A request with neither is refused too: browsers send one of them on every POST and
// every socket (OWASP CSRF Prevention Cheat Sheet, "Fetch Metadata" and "Verifying origin with standard
// headers").
import type { FastifyRequest } from 'fastify';
import { HttpError } from '@bodymetrics/service-kit';

/** Methods that change nothing: never checked (OPTIONS is a CORS preflight, answered without effect). */
export const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function fromSameOrigin(headers: FastifyRequest['headers'], publicOrigin: string): boolean {
  if (headers['sec-fetch-site'] === 'same-origin') return true;
  return headers.origin === publicOrigin;
}

export const crossOriginRefused = () =>
  new HttpError(
    403,
    'cross_origin_refused',
    'origin: this request must come from the site itself (Sec-Fetch-Site: same-origin or its Origin)',
  );
