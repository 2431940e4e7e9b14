// The embedded mode's database: PGlite (Postgres compiled to WebAssembly) in a folder on disk, seen by
// kysely through the stock PostgresDialect. PGlite is one connection, so the "pool" below hands that one
// connection to one borrower at a time: a transaction keeps it until commit, and every other query waits
// its turn — which is what keeps a kysely transaction's statements from interleaving with anyone else's.
import { mkdir } from 'node:fs/promises';
import { PGlite, types, type Results } from '@electric-sql/pglite';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type { Db } from '../connection';
import type { Database } from '../database';

/**
 * Rows come back as the pg driver returns them in the distributed mode (packages/db connection.ts), so
 * the services cannot tell the two apart: `date` as 'YYYY-MM-DD' text (no time zone can shift the day),
 * int8 (counts, sums) as text, bytea as a Buffer. PGlite's own defaults would give a Date, a number and
 * a Uint8Array.
 */
export const pgCompatibleParsers = {
  [types.DATE]: (value: string) => value,
  [types.INT8]: (value: string) => value,
  [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex'),
};

type Command = PostgresQueryResult<unknown>['command'];
const counted = new Set<string>(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Like pg: a statement without parameters goes by the simple protocol, which allows several statements
 * in one string (the initial migration is one such script); with parameters, by the extended protocol.
 */
async function run<R>(pglite: PGlite, sql: string, parameters: readonly unknown[]) {
  if (parameters.length > 0)
    return (await pglite.query<R>(sql, [...parameters])) as Results<R> & { command?: string };
  const results = (await pglite.exec(sql)) as (Results<R> & { command?: string })[];
  return results[results.length - 1] ?? { rows: [] as R[], fields: [], affectedRows: 0 };
}

/** A pg.Pool look-alike over one PGlite: connect() waits until the previous borrower released it. */
class SingleConnectionPool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.ended) throw new Error('the embedded database is closed');
    let release!: () => void;
    const turn = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await turn;
    const pglite = this.pglite;
    let released = false;
    // Kysely calls query(sql, parameters); the cursor overload is for streaming, which no service uses.
    const query = async <R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
      const result = await run<R>(pglite, sql, parameters);
      const command = (result.command ?? 'SELECT') as Command;
      return {
        command,
        rowCount: counted.has(command) ? (result.affectedRows ?? 0) : result.rows.length,
        rows: result.rows,
      };
    };
    return {
      query: query as PostgresPoolClient['query'],
      release() {
        if (released) return;
        released = true;
        release();
      },
    };
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    // Wait for the borrower in hand (a transaction committing) before the database goes away.
    await this.queue;
    await this.pglite.close();
  }
}

export interface PgliteDb {
  db: Db;
  pglite: PGlite;
  /** Closes kysely and PGlite (once; later calls wait for the first). */
  close(): Promise<void>;
}

/** Opens (creating on first use) the PGlite database in `dataDir`. */
export async function createPgliteDb(dataDir: string): Promise<PgliteDb> {
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, parsers: pgCompatibleParsers });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new SingleConnectionPool(pglite) }),
  });
  let closing: Promise<void> | undefined;
  return {
    db,
    pglite,
    close: () => (closing ??= db.destroy()),
  };
}
