import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '@bodymetrics/db';
import type { Mailer } from '@bodymetrics/mail';
import type { RateLimitSettings } from './rate-limits';

export interface AdminAuthDeps {
  db: Db;
  /** Rate-limit counters live here; without it (embedded mode, one process) they are kept in memory. */
  redis?: Redis | undefined;
  mailer: Mailer;
  /** Where the operator opens the site; reset links point at `${publicBaseUrl}/admin/reset-password`. */
  publicBaseUrl: string;
  sessionTtlHours: number;
  /** Adds Secure to the session cookie (the site is served over HTTPS). */
  cookieSecure: boolean;
  /** Prefix of every Redis key this service writes (tests give each file its own). */
  keyPrefix: string;
  rateLimits?: RateLimitSettings;
  logger?: FastifyServerOptions['logger'];
}

/** How long a mailed reset link works. */
export const resetTokenTtlMinutes = 30;
