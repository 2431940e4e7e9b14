// Brute-force protection for the admin login and the reset mail, in Redis so every admin-auth instance
// shares the counts (rate-limiter-flexible, atomic Lua increments with expiry). Should Redis be away,
// each instance falls back to an in-memory limiter with the same limits rather than opening the door.
// Without Redis at all (the embedded mode: one process) the counts live in memory from the start.
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { HttpError } from '@bodymetrics/service-kit';

export interface Limit {
  points: number;
  durationSeconds: number;
}

export interface RateLimitSettings {
  /** Login attempts per client IP, successful or not. */
  loginPerIp: Limit;
  /** Failed logins per username; a success clears the count. */
  loginFailuresPerUsername: Limit;
  /** forgot-password requests per client IP. */
  forgotPasswordPerIp: Limit;
  /** Reset mails per account, so nobody can flood an operator's inbox (silently: the answer never changes). */
  resetMailsPerAccount: Limit;
}

export const defaultRateLimits: RateLimitSettings = {
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  loginFailuresPerUsername: { points: 5, durationSeconds: 15 * 60 },
  forgotPasswordPerIp: { points: 5, durationSeconds: 15 * 60 },
  resetMailsPerAccount: { points: 3, durationSeconds: 60 * 60 },
};

function limiter(
  redis: Redis | undefined,
  keyPrefix: string,
  name: string,
  { points, durationSeconds }: Limit,
): RateLimiterAbstract {
  if (!redis) return new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${keyPrefix}admin-auth:${name}`,
    points,
    duration: durationSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }),
  });
}

export type RateLimiters = ReturnType<typeof createRateLimiters>;

export function createRateLimiters(
  redis: Redis | undefined,
  keyPrefix: string,
  settings: RateLimitSettings = defaultRateLimits,
) {
  return {
    loginIp: limiter(redis, keyPrefix, 'login-ip', settings.loginPerIp),
    loginUsername: limiter(redis, keyPrefix, 'login-username', settings.loginFailuresPerUsername),
    forgotIp: limiter(redis, keyPrefix, 'forgot-ip', settings.forgotPasswordPerIp),
    resetMail: limiter(redis, keyPrefix, 'reset-mail', settings.resetMailsPerAccount),
  };
}

export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    // The wait itself travels in Retry-After; the operator's screen says it in its own words.
    super(429, 'rate_limited', 'Prea multe încercări. Încearcă din nou mai târziu.');
  }
}

const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Spends one point; throws RateLimitedError once the limit is used up. */
export async function consumeOrThrow(l: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await l.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimitedError(secondsUntil(err));
    throw err;
  }
}

/** Throws RateLimitedError if the key has already used every point, without spending one. */
export async function throwIfExhausted(l: RateLimiterAbstract, key: string): Promise<void> {
  const res = await l.get(key);
  if (res && res.consumedPoints >= l.points) throw new RateLimitedError(secondsUntil(res));
}

/** Spends one point and says whether it was still within the limit (for limits that must stay silent). */
export async function consumeQuietly(l: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await l.consume(key);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}
