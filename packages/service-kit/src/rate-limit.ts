// Every per-client limit of the product — the tracking budgets, the reports routes, logins and reset
// mails, report mails per recipient, the digest's "send now", a live socket's messages — is counted here,
// by one library (rate-limiter-flexible: fixed windows, atomic in each store) behind one interface. The
// store follows what the limit must survive:
// - memory: one process (the embedded mode, one socket's messages);
// - Redis: several processes counting together (REDIS_URL in the distributed mode);
// - Postgres: a count that outlives a restart and is shared without Redis (table rate_limit_counters;
//   the same statements run on PGlite in the embedded mode).
// A separate entry point (@bodymetrics/service-kit/rate-limit), so only the services that limit load it.
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { CompiledQuery } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '@bodymetrics/db';
import { rateLimitKey } from './client-ip';
import { RateLimitedError } from './http-error';

export interface RateLimit {
  /** Calls allowed per window and key. */
  max: number;
  /** The window, counted from a key's first call in it. */
  windowMs: number;
}

export type RateLimitStore =
  | { kind: 'memory' }
  | {
      kind: 'redis';
      redis: Redis;
      /** Put before the limiter's name in every key (REDIS_KEY_PREFIX and the service's part). */
      keyPrefix: string;
      /**
       * While Redis fails: `let-through` counts nothing (visitor tracking must not go down with Redis),
       * `count-in-memory` counts in this process with the same limits (a login must not open the door).
       */
      whenDown: 'let-through' | 'count-in-memory';
    }
  | { kind: 'postgres'; db: Db };

export type RateVerdict =
  | { allowed: true; /** Calls counted in this window, this one included. */ used: number }
  | { allowed: false; used: number; retryAfterSeconds: number };

export interface RateLimiter {
  readonly limit: RateLimit;
  /** Counts one call of `key`. */
  take(key: string): Promise<RateVerdict>;
  /** Counts one call, or throws RateLimitedError (429 rate_limited with Retry-After) with `message`. */
  takeOrRefuse(key: string, message: string | ((retryAfterSeconds: number) => string)): Promise<void>;
  /** Whether `key` may make another call, without counting one. */
  check(key: string): Promise<RateVerdict>;
  /** Gives one call back: what was counted did not happen after all (a mail the server refused). */
  giveBack(key: string): Promise<void>;
  /** Refuses `key` for `seconds` from now, whatever its count. */
  block(key: string, seconds: number): Promise<void>;
  /** Forgets `key`'s count. */
  forget(key: string): Promise<void>;
}

/** The table of the Postgres store (migration 2026-11-28T0100_rate_limit_counters), in the library's shape. */
const rateLimitCountersTable = 'rate_limit_counters';

/** The pg-style client the library's Postgres store calls, over Kysely (so PGlite serves it too). */
const postgresClient = (db: Db) => ({
  async query({ text, values }: { text: string; values?: readonly unknown[] }) {
    const result = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(text, [...(values ?? [])]),
    );
    // `expire` is a bigint, read as text by both drivers.
    const rows = result.rows.map((row) =>
      'expire' in row ? { ...row, expire: row.expire === null ? null : Number(row.expire) } : row,
    );
    return {
      rows,
      rowCount: result.numAffectedRows === undefined ? rows.length : Number(result.numAffectedRows),
    };
  },
});

const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

function libraryLimiter(
  name: string,
  { max, windowMs }: RateLimit,
  store: RateLimitStore,
): RateLimiterAbstract {
  const points = max;
  switch (store.kind) {
    case 'memory':
      return new RateLimiterMemory({ keyPrefix: name, points, duration: windowMs / 1000 });
    case 'postgres':
      return new RateLimiterPostgres({
        storeClient: postgresClient(store.db),
        storeType: 'client',
        tableName: rateLimitCountersTable,
        // Created by the migrations, with every other table.
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: windowMs / 1000,
      });
    case 'redis': {
      // Redis expires keys in whole seconds.
      const duration = Math.max(1, Math.ceil(windowMs / 1000));
      return new RateLimiterRedis({
        storeClient: store.redis,
        keyPrefix: `${store.keyPrefix}${name}`,
        points,
        duration,
        // Not queued behind a reconnect: the answer (or the fallback) comes at once.
        rejectIfRedisNotReady: true,
        ...(store.whenDown === 'count-in-memory'
          ? { insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }) }
          : {}),
      });
    }
  }
}

/** A limit of `limit.max` calls per `limit.windowMs` per key, named `name` in its store. */
export function rateLimiter(name: string, limit: RateLimit, store: RateLimitStore): RateLimiter {
  const counter = libraryLimiter(name, limit, store);
  const letThrough = store.kind === 'redis' && store.whenDown === 'let-through';
  /** A store failure is the caller's error, except where the limit lets calls through meanwhile. */
  const unlessLetThrough = <T>(err: unknown, passed: T): T => {
    if (letThrough) return passed;
    throw err;
  };

  const take = async (key: string): Promise<RateVerdict> => {
    try {
      const res = await counter.consume(key);
      return { allowed: true, used: res.consumedPoints };
    } catch (err) {
      if (err instanceof RateLimiterRes)
        return { allowed: false, used: err.consumedPoints, retryAfterSeconds: secondsUntil(err) };
      return unlessLetThrough(err, { allowed: true, used: 0 });
    }
  };

  return {
    limit,
    take,
    async takeOrRefuse(key, message) {
      const verdict = await take(key);
      if (verdict.allowed) return;
      const { retryAfterSeconds } = verdict;
      throw new RateLimitedError(
        retryAfterSeconds,
        typeof message === 'string' ? message : message(retryAfterSeconds),
      );
    },
    async check(key) {
      try {
        const res = await counter.get(key);
        if (!res || res.consumedPoints < counter.points)
          return { allowed: true, used: res?.consumedPoints ?? 0 };
        return { allowed: false, used: res.consumedPoints, retryAfterSeconds: secondsUntil(res) };
      } catch (err) {
        return unlessLetThrough(err, { allowed: true, used: 0 });
      }
    },
    async giveBack(key) {
      try {
        await counter.reward(key);
      } catch (err) {
        unlessLetThrough(err, undefined);
      }
    },
    async block(key, seconds) {
      try {
        await counter.block(key, seconds);
      } catch (err) {
        unlessLetThrough(err, undefined);
      }
    },
    async forget(key) {
      try {
        await counter.delete(key);
      } catch (err) {
        unlessLetThrough(err, undefined);
      }
    },
  };
}

/**
 * An onRequest hook counting each request against the client's budget — one IPv4 address or one IPv6 /64
 * (rateLimitKey): a home gets a whole /64 — and refusing it with 429 past the limit. Before the body is
 * read, so a refused call costs nothing more.
 */
export const perClientLimit =
  (limiter: RateLimiter, message: string | ((retryAfterSeconds: number) => string)) =>
  async (request: FastifyRequest): Promise<void> =>
    limiter.takeOrRefuse(rateLimitKey(request.ip), message);

/** A wait in words for a refusal's message: "40 seconds", "9 minutes", "2 hours" (rounded up). */
export function waitInWords(seconds: number): string {
  const [size, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${size} ${unit}${size === 1 ? '' : 's'}`;
}
