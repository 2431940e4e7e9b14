// Where the tests find their servers, in design.md §6's order: URLs from the environment; otherwise the
// local servers that `infra/local` starts or finds (`npm test` runs infra:up before any test).
export interface TestInfra {
  /** Server URL without a database name; each test file gets its own database on it. */
  postgresServerUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
}

export function testInfra(env: NodeJS.ProcessEnv = process.env): TestInfra {
  const db = new URL(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bodymetrics');
  db.pathname = '/';
  return {
    postgresServerUrl: db.toString().replace(/\/$/, ''),
    kafkaBrokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((s) => s.trim()),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

/** A short random tag for names that must not collide between test files running in parallel. */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
