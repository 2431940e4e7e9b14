// What the server adds to every accepted tracking request: the visitor's (truncated) address as the
// gateway saw it, and the User-Agent header. Browsers cannot be trusted to report these themselves.
import type { FastifyRequest } from 'fastify';
import { storableIp, type IpStorage } from '@bodymetrics/service-kit';

export interface ServerStamp {
  ipAddress: string | null;
  requestUserAgent: string | null;
}

export function stampOf(request: FastifyRequest, ipStorage: IpStorage): ServerStamp {
  const ua = request.headers['user-agent'];
  return {
    ipAddress: storableIp(request.ip, ipStorage),
    requestUserAgent: typeof ua === 'string' ? ua.slice(0, 1024) : null,
  };
}
