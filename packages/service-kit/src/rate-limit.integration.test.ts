// One limiter over every store it is given: the same verdicts in memory, in Redis (counted together by
// every process) and in Postgres — the real server and the embedded mode's PGlite — where a count is also
// kept across a restart; and what each limit does while its Redis is away.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@bodymetrics/db';
import { createPgliteDb, type PgliteDb } from '@bodymetrics/db/pglite';
import {
  closedPort,
  createTestDatabase,
  testInfra,
  uniqueTag,
  type TestDatabase,
} from '@bodymetrics/testing';
import { rateLimiter, type RateLimitStore } from './rate-limit';

let redis: Redis;
let awayRedis: Redis;
let database: TestDatabase;
let pgliteRoot: string;
let pglite: PgliteDb;
const keyPrefix = `bm-test:rate-limit:${uniqueTag()}:`;

// A cold PGlite start and its migrations are slow on a busy two-core machine, hence the long allowance.
beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  // A Redis that is not there, as a process sees one during an outage: commands fail at once.
  awayRedis = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  awayRedis.on('error', () => {});
  database = await createTestDatabase('rate_limit');
  pgliteRoot = await mkdtemp(join(tmpdir(), 'bm-rate-limit-'));
  pglite = await createPgliteDb(join(pgliteRoot, 'pgdata'));
  await migrateToLatest(pglite.db);
}, 240_000);

afterAll(async () => {
  const keys = await redis?.keys(`${keyPrefix}*`);
  if (keys?.length) await redis.del(...keys);
  redis?.disconnect();
  awayRedis?.disconnect();
  await database?.drop();
  await pglite?.close();
  if (pgliteRoot) await rm(pgliteRoot, { recursive: true, force: true });
});

const limit = { max: 2, windowMs: 60_000 };
let n = 0;
/** A limiter name of its own per test, so no test sees another's counts. */
const fresh = () => `limit-${++n}`;

const stores: [string, () => RateLimitStore][] = [
  ['memory', () => ({ kind: 'memory' })],
  ['Redis', () => ({ kind: 'redis', redis, keyPrefix, whenDown: 'count-in-memory' })],
  ['Postgres', () => ({ kind: 'postgres', db: database.db })],
  ['PGlite (the embedded mode)', () => ({ kind: 'postgres', db: pglite.db })],
];

describe.each(stores)('in %s', (_store, store) => {
  it('allows max calls per key in a window, then refuses with the wait until the window ends', async () => {
    const limiter = rateLimiter(fresh(), limit, store());
    expect(await limiter.take('203.0.113.1')).toEqual({ allowed: true, used: 1 });
    expect(await limiter.take('203.0.113.1')).toEqual({ allowed: true, used: 2 });
    const refused = await limiter.take('203.0.113.1');
    expect(refused).toMatchObject({ allowed: false, used: 3 });
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(58);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own budget.
    expect(await limiter.take('203.0.113.2')).toEqual({ allowed: true, used: 1 });
    await expect(limiter.takeOrRefuse('203.0.113.1', 'Too many')).rejects.toMatchObject({
      statusCode: 429,
      code: 'rate_limited',
      message: 'Too many',
      retryAfterSeconds: expect.any(Number),
    });
  });

  it('checks without counting, gives a call back, blocks and forgets a key', async () => {
    const limiter = rateLimiter(fresh(), limit, store());
    expect(await limiter.check('k')).toEqual({ allowed: true, used: 0 });
    await limiter.take('k');
    await limiter.take('k');
    expect(await limiter.check('k')).toMatchObject({ allowed: false, used: 2 });
    await limiter.giveBack('k');
    expect(await limiter.check('k')).toEqual({ allowed: true, used: 1 });
    await limiter.block('k', 30);
    const blocked = await limiter.check('k');
    expect(blocked.allowed ? 0 : blocked.retryAfterSeconds).toBeGreaterThan(28);
    await limiter.forget('k');
    expect(await limiter.take('k')).toEqual({ allowed: true, used: 1 });
  });

  it('starts a fresh window once the last one has passed', async () => {
    const limiter = rateLimiter(fresh(), { max: 1, windowMs: 1000 }, store());
    expect((await limiter.take('k')).allowed).toBe(true);
    expect((await limiter.take('k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.take('k')).toEqual({ allowed: true, used: 1 });
  });
});

describe('shared stores', () => {
  it('Redis: the limiters of two processes count together, under the key prefix', async () => {
    const name = fresh();
    const store: RateLimitStore = { kind: 'redis', redis, keyPrefix, whenDown: 'let-through' };
    const [first, second] = [rateLimiter(name, limit, store), rateLimiter(name, limit, store)];
    expect((await first.take('192.0.2.7')).allowed).toBe(true);
    expect((await second.take('192.0.2.7')).allowed).toBe(true);
    expect((await first.take('192.0.2.7')).allowed).toBe(false);
    expect(await redis.keys(`${keyPrefix}${name}:*`)).toEqual([`${keyPrefix}${name}:192.0.2.7`]);
  });

  it('Postgres: two processes count together, and a restarted one still knows the count', async () => {
    const name = fresh();
    const store = (): RateLimitStore => ({ kind: 'postgres', db: database.db });
    expect((await rateLimiter(name, limit, store()).take('a@example.test')).allowed).toBe(true);
    expect((await rateLimiter(name, limit, store()).take('a@example.test')).allowed).toBe(true);
    expect((await rateLimiter(name, limit, store()).take('a@example.test')).allowed).toBe(false);
    const rows = await database.db
      .selectFrom('rate_limit_counters')
      .select(['key', 'points'])
      .where('key', 'like', `${name}:%`)
      .execute();
    expect(rows).toEqual([{ key: `${name}:a@example.test`, points: 3 }]);
  });

  it('Postgres: calls taken at once are each counted (no lost update)', async () => {
    const limiter = rateLimiter(fresh(), { max: 5, windowMs: 60_000 }, { kind: 'postgres', db: database.db });
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => limiter.take('burst')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect(verdicts.map((v) => v.used).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});

describe('while Redis is away', () => {
  it('let-through counts nothing: every call passes (visitor tracking stays up)', async () => {
    const limiter = rateLimiter(fresh(), limit, {
      kind: 'redis',
      redis: awayRedis,
      keyPrefix,
      whenDown: 'let-through',
    });
    for (let i = 0; i < 5; i++) expect((await limiter.take('198.51.100.1')).allowed).toBe(true);
    expect((await limiter.check('198.51.100.1')).allowed).toBe(true);
  });

  it('count-in-memory counts in this process with the same limit (a login does not open the door)', async () => {
    const limiter = rateLimiter(fresh(), limit, {
      kind: 'redis',
      redis: awayRedis,
      keyPrefix,
      whenDown: 'count-in-memory',
    });
    expect((await limiter.take('198.51.100.1')).allowed).toBe(true);
    expect((await limiter.take('198.51.100.1')).allowed).toBe(true);
    expect(await limiter.take('198.51.100.1')).toMatchObject({ allowed: false, used: 3 });
  });
});
