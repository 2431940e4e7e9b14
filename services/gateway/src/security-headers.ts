// Browser security headers on every response. The CSP allows exactly what the two React apps need: their
// own scripts, styles and fonts, inline style attributes (React `style`), images from anywhere over https
// (offer images), and the /analytics-ws socket — CSP3's 'self' matches the page's own ws:/wss: origin, so
// no bare `ws: wss:` (which would let an injected script talk to any socket server). No defaults are merged
// in, so the header says only this.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

export const permissionsPolicy = 'camera=(), microphone=(), geolocation=()';

// helmet itself, built once: @fastify/helmet builds a new helmet middleware on every request (parsing
// the CSP directives each time), about 6 % of the gateway's CPU per tracking event in the ingest bench's
// profile. These headers never vary by request (no nonces), so one middleware serves them all.
export async function securityHeaders(app: FastifyInstance, { https }: { https: boolean }): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS over plain http would be ignored at best; only a site served over https asks for it.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', permissionsPolicy);
    // helmet sets the headers on the raw response, which fastify sends with its own; it never fails
    // asynchronously (since 8.1 it throws at construction instead).
    setHeaders(request.raw, reply.raw, () => done());
  });
}
