// The aggregator's settings for a bench run: the run's database and topics, a Redis key prefix of its own
// (so runs never share the day's visitor salt) and the operator's time zone.
import type { BenchDatabase } from './bench-database';
import type { BenchTopics } from './bench-topics';
import { benchInfra, uniqueTag } from './infra';

export const aggregatorEnv = (
  label: string,
  database: BenchDatabase,
  topics: BenchTopics,
  timeZone: string,
) => ({
  DATABASE_URL: database.url,
  ...topics.serviceEnv,
  REDIS_URL: benchInfra().redisUrl,
  REDIS_KEY_PREFIX: `bench:${label}:${uniqueTag()}:`,
  ANALYTICS_TZ: timeZone,
});
