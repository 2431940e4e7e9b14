// Connection factory. The pg driver's default parsers would turn a `date` into a JS Date at local
// midnight (shifting days across time zones) and bigint counts into strings; we keep dates as text.
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** The pool of each Db createDb made (a PGlite Db has none). */
const pools = new WeakMap<Db, pg.Pool>();

/**
 * Runs `fn` in one transaction on one connection of `db`'s pool, handed over both as kysely's transaction
 * and as that connection's pg client, for what kysely cannot say (COPY … FROM STDIN: the aggregator's raw
 * rows). A Db createDb did not make (PGlite's) hands no client: `fn` gets undefined and says it another way.
 */
export async function transactionWithClient<R>(
  db: Db,
  fn: (trx: Transaction<Database>, client: pg.PoolClient | undefined) => Promise<R>,
): Promise<R> {
  const pool = pools.get(db);
  if (!pool) return db.transaction().execute((trx) => fn(trx, undefined));
  const client = await pool.connect();
  // A Kysely over that one client: its transaction begins, commits or rolls back there and then releases the
  // client to the pool, as `db`'s own would (kysely's driver releases what its pool's connect() gave it).
  const onClient = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: { connect: () => Promise.resolve(client), end: () => Promise.resolve() } as unknown as pg.Pool,
    }),
  });
  return onClient.transaction().execute((trx) => fn(trx, client));
}

/** Default for local runs; every process reads DATABASE_URL in its own config first. */
export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/bodymetrics';
