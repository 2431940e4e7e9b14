// Browser security headers on every response. The CSP allows exactly what the two React apps need: their
// own scripts, styles and fonts, inline style attributes (React `style`), images from anywhere over https
// (offer images), and the /analytics-ws socket — CSP3's 'self' matches the page's own ws:/wss: origin, so
// no bare `ws: wss:` (which would let an injected script talk to any socket server). No defaults are merged
// in, so the header says only this.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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

export async function securityHeaders(app: FastifyInstance, { https }: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS over plain http would be ignored at best; only a site served over https asks for it.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
  });
}
