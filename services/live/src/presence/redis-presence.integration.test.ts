// The same cases as the memory adapter, against a real Redis (each test its own key prefix).
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { testInfra, uniqueTag } from '@bodymetrics/testing';
import { presenceStoreCases } from './presence-store.cases';
import { RedisPresenceStore } from './redis-presence';

const redis = new Redis(testInfra().redisUrl);
const filePrefix = `test:live:presence:${uniqueTag()}:`;

afterAll(async () => {
  const keys = await redis.keys(`${filePrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('redis presence store', () => {
  let n = 0;
  presenceStoreCases(
    async (activeWindowMs, limits) =>
      new RedisPresenceStore(redis, {
        keyPrefix: `${filePrefix}${++n}:`,
        activeWindowMs,
        ...(limits ? { limits } : {}),
      }),
  );
});
