// Connection factory. The pg driver's default parsers would turn a `date` into a JS Date at local
// midnight (shifting days across time zones) and bigint counts into strings; we keep dates as text.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Kysely<Database>;

export interface CreateDbOptions {
  connectionString: string;
  max?: number;
  /** Fail fast instead of hanging when Postgres is away (the aggregator retries on its own). */
  connectionTimeoutMillis?: number;
}

export function createDb({
  connectionString,
  max = 10,
  connectionTimeoutMillis = 5000,
}: CreateDbOptions): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis });
  // An idle client losing its server (Postgres restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out one (a transaction between two statements when Postgres shuts down): pg emits
  // its FATAL 57P01 as an 'error' event, which without a listener is an uncaught exception. The statement
  // that follows fails instead, and the caller retries (the aggregator) or answers 5xx.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Default for local runs; every process reads DATABASE_URL in its own config first. */
export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/bodymetrics';
