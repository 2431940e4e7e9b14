import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { AdminSessionsRevoked } from '@bodymetrics/contracts';
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
  /** Overrides of the default limits (tests use small ones). */
  rateLimits?: Partial<RateLimitSettings> | undefined;
  /**
   * Signs the device-marker cookie (DEVICE_COOKIE_SECRET); unset: a random key generated once and kept in
   * Postgres, shared by every instance.
   */
  deviceCookieSecret?: string | undefined;
  /**
   * Tells the live service that sessions ended, so it closes their admin sockets at once. Default: with
   * Redis, a publish on the live service's channel (`liveKeyPrefix`); without, nothing (the embedded mode
   * passes a direct call).
   */
  announceSessionsRevoked?: ((revoked: AdminSessionsRevoked) => Promise<void>) | undefined;
  /**
   * ADMIN_2FA_REQUIRED: every admin needs a second factor; one without gets, after the password, only a token
   * that can enrol one. Default false (a second factor only for the admins who enrolled one).
   */
  twoFactorRequired?: boolean | undefined;
  /** The live service's Redis key prefix, which names its channels; default `keyPrefix`. */
  liveKeyPrefix?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

/** How long a mailed reset link works. */
export const resetTokenTtlMinutes = 30;
