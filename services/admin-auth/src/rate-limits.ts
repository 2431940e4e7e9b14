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

/** Per username only a growing wait, never a lock-out (OWASP Authentication Cheat Sheet). */
export interface ProgressiveDelay {
  /** Failures of one username (from anywhere, within `windowSeconds`) before any wait. */
  afterFailures: number;
  /** The wait after failure `afterFailures + k` is 2^k seconds, at most this. */
  maxSeconds: number;
  /**
   * How long a failure is remembered. A successful login does not clear them: it says nothing about the
   * guesses made from elsewhere.
   */
  windowSeconds: number;
}

export interface RateLimitSettings {
  /** Login attempts per client address (IPv4 address, IPv6 /64), successful or not. */
  loginPerIp: Limit;
  /** Login attempts per client network (IPv4 /24, IPv6 /64), successful or not: one party, many addresses. */
  loginPerNetwork: Limit;
  /**
   * Failed logins per (username, client network): the hard limit. It stops a guesser where it guesses
   * from, and leaves the operator elsewhere free; a success from that network clears the count.
   */
  loginFailuresPerUsername: Limit;
  /** Failed logins per username from anywhere: a progressive delay only; a browser with a device marker skips it. */
  loginUsernameDelay: ProgressiveDelay;
  /** forgot-password requests per client IP. */
  forgotPasswordPerIp: Limit;
  /** Reset mails per account, so nobody can flood an operator's inbox (silently: the answer never changes). */
  resetMailsPerAccount: Limit;
}

export const defaultRateLimits: RateLimitSettings = {
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  loginPerNetwork: { points: 60, durationSeconds: 15 * 60 },
  loginFailuresPerUsername: { points: 5, durationSeconds: 15 * 60 },
  loginUsernameDelay: { afterFailures: 10, maxSeconds: 60, windowSeconds: 15 * 60 },
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
  overrides: Partial<RateLimitSettings> = {},
) {
  const settings: RateLimitSettings = { ...defaultRateLimits, ...overrides };
  const delay = settings.loginUsernameDelay;
  return {
    loginIp: limiter(redis, keyPrefix, 'login-ip', settings.loginPerIp),
    loginNetwork: limiter(redis, keyPrefix, 'login-network', settings.loginPerNetwork),
    loginUsernameNetwork: limiter(
      redis,
      keyPrefix,
      'login-username-network',
      settings.loginFailuresPerUsername,
    ),
    loginUsername: new UsernameDelay(
      // Counts failures only; it never refuses by itself (the points are out of reach).
      limiter(redis, keyPrefix, 'login-username-failures', {
        points: Number.MAX_SAFE_INTEGER,
        durationSeconds: delay.windowSeconds,
      }),
      // The wait in force: blocked for the computed number of seconds after a failure.
      limiter(redis, keyPrefix, 'login-username-wait', { points: 1, durationSeconds: delay.maxSeconds }),
      delay,
    ),
    forgotIp: limiter(redis, keyPrefix, 'forgot-ip', settings.forgotPasswordPerIp),
    resetMail: limiter(redis, keyPrefix, 'reset-mail', settings.resetMailsPerAccount),
  };
}

/**
 * The per-username progressive delay: after `afterFailures` failures, each further failure makes the
 * next attempt for that username wait 2^k seconds (capped), answered 429 with Retry-After meanwhile.
 */
export class UsernameDelay {
  constructor(
    private readonly failures: RateLimiterAbstract,
    private readonly wait: RateLimiterAbstract,
    private readonly settings: ProgressiveDelay,
  ) {}

  /** Throws RateLimitedError while a wait is in force for this username. */
  async throwIfWaiting(username: string): Promise<void> {
    await throwIfExhausted(this.wait, username);
  }

  /** Counts a failure and starts the wait it earns. */
  async failed(username: string): Promise<void> {
    const res = await this.failures.consume(username);
    const beyond = res.consumedPoints - this.settings.afterFailures;
    if (beyond < 0) return;
    const seconds = Math.min(2 ** beyond, this.settings.maxSeconds);
    await this.wait.block(username, seconds);
  }
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
