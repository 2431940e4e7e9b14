// What an upstream learns about the original request. X-Forwarded-For carries exactly one address: the
// client's, as the gateway determined it (its socket peer, or — behind TRUST_PROXY_HOPS load balancers —
// the address they vouch for). Services trust one hop, so a visitor's own X-Forwarded-For never reaches
// them as truth; the request id ties the
// gateway's log line to the service's; cookie and authorization pass untouched (admin session).
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** What is read from a request; loose enough for the proxy libraries' request types (http and http2). */
export type ProxiedRequest = Pick<FastifyRequest, 'id' | 'ip' | 'protocol' | 'host' | 'headers'> & {
  raw: { socket?: { remoteAddress?: string | undefined } | null };
};

export function forwardedHeaders(request: ProxiedRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const chain = request.ip || request.raw.socket?.remoteAddress;
  return {
    ...headers,
    ...(chain ? { 'x-forwarded-for': chain } : {}),
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
    'x-request-id': request.id,
  };
}

/** Headers the gateway's own WebSocket handshake to the live service carries: the same facts, no hop headers. */
const socketHeaderNames = [
  'cookie',
  'authorization',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
] as const;

export function forwardedSocketHeaders(request: ProxiedRequest): Record<string, string> {
  const all = forwardedHeaders(request, request.headers);
  const out: Record<string, string> = {};
  for (const name of socketHeaderNames) {
    const value = all[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
