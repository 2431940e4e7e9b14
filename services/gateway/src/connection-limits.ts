// Open TCP connections: at most `maxConnections` in all (Node refuses the rest before reading a byte), and at
// most `connectionsPerClient` from one client address (IPv4 address or IPv6 /64, service-kit's
// rateLimitKey), so that one party cannot take every file descriptor — in the embedded mode every service
// shares the process's. A browser opens about 6 connections per origin and a NAT puts a household or an
// office behind one address, hence a cap well above 6. Counted on the TCP peer: behind trusted load
// balancers (TRUST_PROXY_HOPS > 0) every connection comes from them, and they hold this limit instead.
import { STATUS_CODES } from 'node:http';
import type { Server, Socket } from 'node:net';
import type { ErrorBody } from '@bodymetrics/contracts';
import { rateLimitKey } from '@bodymetrics/service-kit';

export interface ConnectionLimits {
  /** All open connections of the gateway (server.maxConnections). */
  maxConnections: number;
  /** Open connections per client address; 0 turns the per-address cap off. */
  connectionsPerClient: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  // Below the usual file-descriptor limits of a container; each proxied request may hold a second one.
  maxConnections: 4_096,
  // ~6 per browser and origin; an office or a mobile carrier's NAT puts many browsers behind one address.
  connectionsPerClient: 128,
};

const refusal = (() => {
  const body = JSON.stringify({
    error: { code: 'rate_limited', message: 'Too many open connections from this address' },
  } satisfies ErrorBody);
  return (
    `HTTP/1.1 429 ${STATUS_CODES[429]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`
  );
})();

export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  if (limits.connectionsPerClient <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = rateLimitKey(socket.remoteAddress ?? '');
    const count = open.get(key) ?? 0;
    if (count >= limits.connectionsPerClient) {
      // Answered at once, without reading the request: it says why, then the socket is gone.
      socket.end(refusal);
      socket.destroySoon();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
