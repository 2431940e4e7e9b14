// The same cases as the memory adapter, against a real Redis (each test its own key prefix).
import type { Redis } from 'ioredis';
import { describe } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { presenceStoreCases } from './presence-store.cases';
import { RedisPresenceStore } from './redis-presence';

let redis: Redis;
let filePrefix: string;

it.beforeAll(({ redis: fileRedis, keyPrefix }) => {
  redis = fileRedis;
  filePrefix = keyPrefix;
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
