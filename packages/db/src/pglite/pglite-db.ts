// The embedded mode's database: PGlite (Postgres compiled to WebAssembly) in a folder on disk, seen by
// kysely through the stock PostgresDialect. PGlite is one connection in a thread of its own, which shares
// it out as a server does: a transaction has it alone until it ends, and every other statement waits its
// turn there — which is what keeps a kysely transaction's statements from interleaving with anyone else's.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type { Db } from '../connection';
import type { Database } from '../database';
import type {
  DumpReply,
  DumpRequest,
  EndSessionRequest,
  JobRequest,
  StatementReply,
  StatementRequest,
} from './pglite-thread';

/**
 * A bytea column, which PGlite's thread leaves in Postgres' hex text (a Buffer would cross the thread
 * boundary as a plain Uint8Array), made the Buffer the pg driver gives. The other columns come back from
 * the thread already as pg parses them (pglite-thread.ts), so the services cannot tell the modes apart.
 */
const bufferOfHex = (hex: string) => Buffer.from(hex.slice(2), 'hex');

type Command = PostgresQueryResult<unknown>['command'];
const counted = new Set<string>(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * PGlite's statements, wherever they are asked from (the server's thread, or a job in PGlite's own), each
 * on behalf of a session: a borrower of the pool below. PGlite's thread runs them one at a time in the
 * order they came, but for a session with an open transaction, whose statements alone run until it ends
 * (pglite-thread.ts).
 */
export interface Statements {
  run<R>(
    sql: string,
    parameters: readonly unknown[],
    session: number,
  ): Promise<{ rows: R[]; affectedRows?: number; command?: string; inTransaction: boolean }>;
  /** Rolls back the transaction `session` left open, if it did, so that the others' statements run again. */
  endSession(session: number): Promise<void>;
  close(): Promise<void>;
}

/** Kysely over PGlite's one connection, its borrowers sessions of PGlite's thread (below). */
export const kyselyOver = (statements: Statements): Db =>
  new Kysely<Database>({ dialect: new PostgresDialect({ pool: new SessionPool(statements) }) });

/**
 * Work that runs inside PGlite's thread, given by its owner as a module's URL (createPgliteDb's `jobs`,
 * made with threadModule): the module exports `startDatabaseThreadJobs(statements)` — PGlite's statements
 * there, for a Kysely of its own (kyselyOver) — which answers the jobs by name. A job is one round trip
 * from the caller's thread however many statements it runs — the embedded aggregator's batch transaction
 * is one, so it holds the one connection for the time PGlite works instead of for the time the busy HTTP
 * thread takes to hand it each next statement.
 */
export type DatabaseThreadJobs = Record<string, (input: unknown) => Promise<void>>;
export type StartDatabaseThreadJobs = (
  statements: Statements,
) => DatabaseThreadJobs | Promise<DatabaseThreadJobs>;

interface ThreadStatements extends Statements {
  job(name: string, input: unknown): Promise<void>;
  dump(): Promise<Uint8Array>;
}

/**
 * A pg.Pool look-alike over PGlite's one connection: each borrower is a session of PGlite's thread, which
 * shares the connection out as a server would (pglite-thread.ts) — a transaction alone from its BEGIN to
 * its end, single statements of every session in the order they came. The waiting happens in that thread,
 * not here: the dashboard's eight sums, asked together, go together and come back together, instead of
 * each waiting for this busy thread to take the previous answer and hand the connection on
 * (docs/performance.md). As with PgBouncer's transaction pooling, a session's own settings outside a transaction
 * (SET, advisory locks) are the one connection's, not the session's: nothing here relies on them (the
 * retention's advisory lock guards against a second process, which the data folder's lock already rules out).
 */
class SessionPool implements PostgresPool {
  private nextSession = 0;
  private ended = false;

  constructor(private readonly pglite: Statements) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.ended) throw new Error('the embedded database is closed');
    const pglite = this.pglite;
    const session = this.nextSession++;
    let inTransaction = false;
    let released = false;
    // Kysely calls query(sql, parameters); the cursor overload is for streaming, which no service uses.
    const query = async <R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
      const result = await pglite.run<R>(sql, parameters, session);
      inTransaction = result.inTransaction;
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
        // Kysely ends its transactions before it releases; this is for a borrower that did not.
        if (inTransaction) void pglite.endSession(session).catch(() => undefined);
      },
    };
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    // PGlite's thread closes once the statements asked before it ran, and a transaction open then ended.
    await this.pglite.close();
  }
}

export interface PgliteDb {
  db: Db;
  /**
   * Runs a job of `options.jobs` in PGlite's thread: its transaction is alone on the connection as any
   * transaction is (queries of `db` wait for it, and it for them). Only with `jobs`.
   */
  runJob(name: string, input: unknown): Promise<void>;
  /**
   * The whole database as pg_dump's plain SQL (UTF-8), read in PGlite's thread between transactions: one
   * moment of the database, however busy the server (packages/db snapshot/embedded-snapshot.ts).
   */
  dumpSql(): Promise<Uint8Array>;
  /** Closes kysely and PGlite (once; later calls wait for the first). */
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** The module of jobs that runJob runs in PGlite's thread (see DatabaseThreadJobs). */
  jobs?: URL;
}

/**
 * A module run in a thread (PGlite's own, a jobs module), named from the module that owns it (its
 * `import.meta.url`): its TypeScript sibling in development and the tests; in the build, the entry of that
 * name emitted beside the bundle (`<name>.js` next to main.js: the build script names each such module).
 */
export const threadModule = (ownerUrl: string, name: string): URL =>
  new URL(`./${name}.${ownerUrl.endsWith('.ts') ? 'ts' : 'js'}`, ownerUrl);

/** Opens (creating on first use) the PGlite database in `dataDir`. */
export async function createPgliteDb(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  await mkdir(dataDir, { recursive: true });
  // PGlite always in a thread of its own (a server's HTTP must never wait on WebAssembly; a short command,
  // such as the admin one, gets the same statements and parsers that way).
  const statements = await workerThread(dataDir, options.jobs);
  const db = kyselyOver(statements);
  let closing: Promise<void> | undefined;
  return {
    db,
    async runJob(name, input) {
      if (!options.jobs) throw new Error('createPgliteDb was given no database-thread jobs');
      await statements.job(name, input);
    },
    dumpSql: () => statements.dump(),
    close: () => (closing ??= db.destroy()),
  };
}

const pgliteThread = (workerData: { dataDir: string; prepareOnly?: boolean; jobs?: string }) =>
  new Worker(threadModule(import.meta.url, 'pglite-thread'), {
    workerData,
    // Node strips the thread file's types itself; only jobs given as TypeScript sources (development and
    // the tests: they import the workspace's packages) need a loader. The build's jobs are JavaScript.
    // A profiled process (--cpu-prof…, the benchmarks' BENCH_PROFILE) profiles this thread too.
    execArgv: [
      ...process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')),
      ...(workerData.jobs?.endsWith('.ts') ? ['--import', 'tsx'] : []),
    ],
  });

/** Runs initdb on an empty folder in a thread that then ends, taking initdb's memory with it. */
async function prepare(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const worker = pgliteThread({ dataDir, prepareOnly: true });
  await new Promise<void>((done, fail) => {
    worker.once('error', fail);
    worker.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`initdb of ${dataDir} ended with ${code}`)),
    );
  });
}

async function workerThread(dataDir: string, jobs: URL | undefined): Promise<ThreadStatements> {
  await prepare(dataDir);
  const worker = pgliteThread({ dataDir, ...(jobs ? { jobs: jobs.href } : {}) });
  type Answered = (StatementReply & { ok: true }) | DumpReply;
  const pending = new Map<number, { resolve: (r: Answered) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let closed: (() => void) | undefined;
  let failure: Error | undefined;
  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  await new Promise<void>((ready, fail) => {
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the PGlite thread exited (${code}) before it was ready`)));
    worker.once('message', () => ready());
  });
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => {
    failAll(new Error(`the PGlite thread exited (${code})`));
    closed?.();
  });
  worker.on('message', (reply: StatementReply | DumpReply | 'closed') => {
    if (reply === 'closed') return void worker.terminate();
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
  });
  function ask(request: DumpRequest): Promise<DumpReply>;
  function ask(
    request: StatementRequest | JobRequest | EndSessionRequest,
  ): Promise<StatementReply & { ok: true }>;
  function ask(request: StatementRequest | JobRequest | EndSessionRequest | DumpRequest): Promise<Answered> {
    if (failure) throw failure;
    return new Promise<Answered>((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  }
  return {
    async job(name, input) {
      await ask({ id: nextId++, job: name, input });
    },
    async dump() {
      return (await ask({ id: nextId++, dump: true })).sql;
    },
    async run<R>(sql: string, parameters: readonly unknown[], session: number) {
      const reply = await ask({ id: nextId++, session, sql, parameters: [...parameters] });
      if (reply.byteaFields.length)
        for (const row of reply.rows)
          for (const field of reply.byteaFields) {
            const value = row[field];
            if (typeof value === 'string') row[field] = bufferOfHex(value);
          }
      return {
        rows: reply.rows as R[],
        affectedRows: reply.affectedRows,
        command: reply.command,
        inTransaction: reply.inTransaction,
      };
    },
    async endSession(session) {
      await ask({ id: nextId++, endSession: session });
    },
    close: () =>
      new Promise<void>((done) => {
        closed = done;
        worker.postMessage('close');
      }),
  };
}
