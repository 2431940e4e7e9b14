// Brute-force protection for the admin login and the reset mail (service-kit rate-limit.ts), in Redis so
// every admin-auth instance shares the counts. Should Redis be away, each instance counts in its own memory
// with the same limits rather than opening the door. Without Redis at all (the embedded mode: one process)
// the counts live in memory from the start.
import type { Redis } from 'ioredis';
import { RateLimitedError } from '@bodymetrics/service-kit';
import { rateLimiter, type RateLimiter, type RateLimitStore } from '@bodymetrics/service-kit/rate-limit';

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
  /** Second-factor codes (sign-in, enrolment, removal) per client network (IPv4 /24, IPv6 /64), right or wrong. */
  secondFactorPerNetwork: Limit;
  /**
   * Wrong or replayed second-factor codes per account, from anywhere. Only someone who knows the password
   * reaches this step, so the hard limit costs the operator little and leaves a guesser 5 of 10^6 codes.
   */
  secondFactorFailuresPerAccount: Limit;
}

export const defaultRateLimits: RateLimitSettings = {
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  loginPerNetwork: { points: 60, durationSeconds: 15 * 60 },
  loginFailuresPerUsername: { points: 5, durationSeconds: 15 * 60 },
  loginUsernameDelay: { afterFailures: 10, maxSeconds: 60, windowSeconds: 15 * 60 },
  forgotPasswordPerIp: { points: 5, durationSeconds: 15 * 60 },
  resetMailsPerAccount: { points: 3, durationSeconds: 60 * 60 },
  secondFactorPerNetwork: { points: 30, durationSeconds: 15 * 60 },
  secondFactorFailuresPerAccount: { points: 5, durationSeconds: 15 * 60 },
};

const limiterOf =
  (store: RateLimitStore) =>
  (name: string, { points, durationSeconds }: Limit): RateLimiter =>
    rateLimiter(name, { max: points, windowMs: durationSeconds * 1000 }, store);

export type RateLimiters = ReturnType<typeof createRateLimiters>;

export function createRateLimiters(
  redis: Redis | undefined,
  keyPrefix: string,
  overrides: Partial<RateLimitSettings> = {},
) {
  const settings: RateLimitSettings = { ...defaultRateLimits, ...overrides };
  const delay = settings.loginUsernameDelay;
  const limiter = limiterOf(
    redis
      ? { kind: 'redis', redis, keyPrefix: `${keyPrefix}admin-auth:`, whenDown: 'count-in-memory' }
      : { kind: 'memory' },
  );
  return {
    loginIp: limiter('login-ip', settings.loginPerIp),
    loginNetwork: limiter('login-network', settings.loginPerNetwork),
    loginUsernameNetwork: limiter('login-username-network', settings.loginFailuresPerUsername),
    loginUsername: new UsernameDelay(
      // Counts failures only; it never refuses by itself (the points are out of reach).
      limiter('login-username-failures', {
        points: Number.MAX_SAFE_INTEGER,
        durationSeconds: delay.windowSeconds,
      }),
      // The wait in force: blocked for the computed number of seconds after a failure.
      limiter('login-username-wait', { points: 1, durationSeconds: delay.maxSeconds }),
      delay,
    ),
    forgotIp: limiter('forgot-ip', settings.forgotPasswordPerIp),
    resetMail: limiter('reset-mail', settings.resetMailsPerAccount),
    secondFactorNetwork: limiter('second-factor-network', settings.secondFactorPerNetwork),
    secondFactorAccount: limiter('second-factor-account', settings.secondFactorFailuresPerAccount),
  };
}

// Every admin limit refuses in these words; the wait itself travels in Retry-After.
const tooManyAttempts = 'Prea multe încercări. Încearcă din nou mai târziu.';

/**
 * The per-username progressive delay: after `afterFailures` failures, each further failure makes the
 * next attempt for that username wait 2^k seconds (capped), answered 429 with Retry-After meanwhile.
 */
export class UsernameDelay {
  constructor(
    private readonly failures: RateLimiter,
    private readonly wait: RateLimiter,
    private readonly settings: ProgressiveDelay,
  ) {}

  /** Throws RateLimitedError while a wait is in force for this username. */
  async throwIfWaiting(username: string): Promise<void> {
    await throwIfExhausted(this.wait, username);
  }

  /** Counts a failure and starts the wait it earns. */
  async failed(username: string): Promise<void> {
    const { used } = await this.failures.take(username);
    const beyond = used - this.settings.afterFailures;
    if (beyond < 0) return;
    const seconds = Math.min(2 ** beyond, this.settings.maxSeconds);
    await this.wait.block(username, seconds);
  }
}

/** Counts one attempt; throws RateLimitedError once the limit is used up. */
export const consumeOrThrow = (l: RateLimiter, key: string): Promise<void> =>
  l.takeOrRefuse(key, tooManyAttempts);

/** Throws RateLimitedError if the key has already used every point, without spending one. */
export async function throwIfExhausted(l: RateLimiter, key: string): Promise<void> {
  const verdict = await l.check(key);
  if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds, tooManyAttempts);
}

/** Counts one and says whether it was still within the limit (for limits that must stay silent). */
export const consumeQuietly = async (l: RateLimiter, key: string): Promise<boolean> =>
  (await l.take(key)).allowed;
