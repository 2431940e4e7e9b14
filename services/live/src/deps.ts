// What the live service runs on and its settings, whichever app serves its socket (live.ts).
import type { FastifyServerOptions } from 'fastify';
import type { Db } from '@bodymetrics/db';
import type { RateLimit } from './rate-limiter';

export interface LiveDeps {
  /** For admin sessions only (the live service never writes to Postgres). */
  db: Db;
  presence: 'redis' | 'memory';
  /** Required with presence 'redis'; live opens and closes its own connections. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel (tests use one per file). */
  keyPrefix?: string;
  /** Active while heard from within this long: two activity heartbeats. */
  activeWindowMs?: number;
  /** How often expiries are detected — and the live list refreshed for admins while visitors are on. */
  sweepIntervalMs?: number;
  /** WebSocket ping interval; a socket that misses one ping is dropped. */
  heartbeatMs?: number;
  /** How often open admin sockets have their session checked again (logout, expiry). */
  sessionRecheckMs?: number;
  /** How long a `?role=admin` socket without a session cookie has to send `auth`. */
  authTimeoutMs?: number;
  broadcastThrottleMs?: number;
  analyticsThrottleMs?: number;
  maxSocketsPerIp?: number;
  /** Active visitors one client network (IPv4 /24, IPv6 /64) may put on the live list (default 20). */
  presenceMaxPerNetwork?: number;
  /** Active visitors the live list holds at most (default 100 000). */
  presenceMaxTotal?: number;
  rateLimit?: RateLimit;
  logger?: FastifyServerOptions['logger'];
}
