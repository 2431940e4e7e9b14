// How long a client may take to send its request, and how long an idle connection stays open. Fastify 5
// leaves `requestTimeout` at 0 (never): a client that sends headers with `Content-Length: 60000` and then
// one byte held a socket (and its file descriptor) forever. Every service and the gateway take these.
import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';

export interface ServerTimeouts {
  /** The whole request (headers and body) must have arrived within this many ms, else 408 and close. */
  requestTimeoutMs: number;
  /** A connection with no traffic for this many ms is closed. */
  connectionTimeoutMs: number;
}

export const defaultServerTimeouts: ServerTimeouts = {
  // Cut within 30 s: 20 s plus at most one check interval (5 s) of Node's connection checker.
  requestTimeoutMs: 20_000,
  // Longer than the gateway's 30 s wait for an upstream, so a slow answer is never cut as "idle".
  connectionTimeoutMs: 60_000,
};

/** REQUEST_TIMEOUT_MS and CONNECTION_TIMEOUT_MS, for each service's config schema (part of commonEnv). */
export const serverTimeoutsEnv = {
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(defaultServerTimeouts.requestTimeoutMs),
  CONNECTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(defaultServerTimeouts.connectionTimeoutMs),
};

export const serverTimeoutsOf = (config: {
  REQUEST_TIMEOUT_MS: number;
  CONNECTION_TIMEOUT_MS: number;
}): ServerTimeouts => ({
  requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
  connectionTimeoutMs: config.CONNECTION_TIMEOUT_MS,
});

/** The fastify server options that enforce the timeouts. */
export function serverTimeoutOptions(timeouts: Partial<ServerTimeouts> = {}): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout'
> & {
  http: { connectionsCheckingInterval: number; headersTimeout: number };
} {
  const { requestTimeoutMs, connectionTimeoutMs } = { ...defaultServerTimeouts, ...timeouts };
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    http: {
      // Node checks request timeouts on this interval (30 s by default), so a stalled body would live up
      // to 30 s past its timeout; a quarter of the timeout (at most 5 s) keeps the cut close to it.
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
      // Headers are part of the request: they may not take longer than the whole of it.
      headersTimeout: Math.min(60_000, requestTimeoutMs),
    },
  };
}
