// The worker thread that owns PGlite (see pglite-db.ts): Postgres-in-WebAssembly runs its statements
// synchronously on the thread that calls it, so here it stalls only this thread and never the event loop
// that answers HTTP. It shares PGlite's one connection out as a server does (the turns below): statements
// of the main thread's sessions and of the jobs of the module it was given (pglite-db.ts DatabaseThreadJobs:
// the embedded aggregator's batches), one at a time in the order they came, a transaction alone.
// Plain erasable TypeScript with explicit imports only: Node loads this file itself (type stripping) in
// the worker, with no loader in between (but for jobs given as TypeScript sources, in development).
// pg's prepareValue has no declaration of its own; a reference (a comment to Node, which strips this file's
// types itself) brings it wherever this file is compiled, from any package's tsconfig.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./pg-utils.d.ts" />
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { serialize } from 'pg-protocol';

export interface StatementRequest {
  id: number;
  /** The borrower of pglite-db.ts's pool it runs for: a session with an open transaction runs alone. */
  session: number;
  sql: string;
  parameters: unknown[];
}

/** The session's borrower went without ending its transaction: it is rolled back (answered as a statement). */
export interface EndSessionRequest {
  id: number;
  endSession: number;
}

/** A job of the module given as `jobs` (pglite-db.ts DatabaseThreadJobs), answered as a statement is. */
export interface JobRequest {
  id: number;
  job: string;
  input: unknown;
}

/** The whole database as pg_dump's plain SQL (the embedded snapshot's content, packages/db snapshot/). */
export interface DumpRequest {
  id: number;
  dump: true;
}

/** The dump's UTF-8 text, its buffer handed over to the main thread rather than copied. */
export interface DumpReply {
  id: number;
  ok: true;
  sql: Uint8Array;
}

export type StatementReply =
  | {
      id: number;
      ok: true;
      rows: Record<string, unknown>[];
      affectedRows: number;
      command: string | undefined;
      /** Whether the session's transaction is open after the statement (pglite-db.ts ends it on release). */
      inTransaction: boolean;
      /** Columns of type bytea, still in Postgres' hex text: a Buffer would reach the main thread as a Uint8Array. */
      byteaFields: string[];
    }
  | { id: number; ok: false; error: Record<string, unknown> };

/** The pg driver's text forms (packages/db connection.ts); bytea is made a Buffer in pglite-db.ts. */
const parsers = {
  [types.DATE]: (value: string) => value,
  [types.INT8]: (value: string) => value,
  [types.BYTEA]: (value: string) => value,
};

/**
 * A column's value from its text as the distributed mode's driver parses it: pg's own parser of the type
 * (int8 and numeric stay text, timestamps become Dates, json is parsed), dates kept as text as
 * packages/db connection.ts sets, bytea left as hex for the main thread (see StatementReply).
 */
const textParsers = new Map<number, (text: string) => unknown>();
const parserOf = (type: number): ((text: string) => unknown) => {
  let parse = textParsers.get(type);
  if (!parse) {
    const kept = (parsers as Record<number, (value: string) => unknown>)[type];
    parse = kept ?? (pg.types.getTypeParser(type, 'text') as (text: string) => unknown);
    textParsers.set(type, parse);
  }
  return parse;
};

/** The fields of a Postgres error that callers read (code for retries and conflicts, detail for logs). */
const errorFields = [
  'message',
  'code',
  'detail',
  'hint',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
];

interface Result {
  rows: Record<string, unknown>[];
  affectedRows?: number;
  command?: string;
  fields: { name: string; dataTypeID: number }[];
}

const { dataDir, prepareOnly, jobs } = workerData as {
  dataDir: string;
  prepareOnly?: boolean;
  jobs?: string;
};
if (!parentPort) throw new Error('pglite-thread.ts runs as a worker thread');
const port = parentPort;

/**
 * Postgres' shared buffers live in the WebAssembly heap, which never shrinks: 128 MB by default, ~150 MB of
 * resident memory. A site's analytics fit in far less, and the operating system caches the data files
 * underneath anyway (docs/performance.md: RSS and throughput with each size).
 */
const settings = { parsers, postgresqlconf: ['shared_buffers=16MB'] };

const pglite = await PGlite.create({ dataDir, ...settings });
if (prepareOnly) {
  // The first start on an empty folder runs initdb, whose memory the heap would keep for good (~500 MB): a
  // thread of its own does it and ends, and the server's thread opens the prepared folder.
  await pglite.close();
  port.postMessage('ready');
  process.exit(0);
}

/**
 * A statement with parameters, sent to PGlite in one call as pg sends it down a socket — Parse, Bind,
 * Describe, Execute, Sync in one message (the extended protocol, pipelined) — instead of PGlite's query(),
 * which enters the WebAssembly once per message and first describes the statement to type the parameters:
 * a small SELECT takes 0.12 ms this way against 0.8 through query() (docs/performance.md). The parameters go as pg prepares them
 * (its prepareValue: Dates, arrays, objects as JSON, Buffers in binary) and the rows come back through pg's
 * type parsers, so the services see what the distributed mode's driver gives them.
 */
async function runExtended(sql: string, parameters: unknown[]): Promise<Result> {
  const message = Buffer.concat([
    serialize.parse({ text: sql }),
    serialize.bind({ values: parameters, valueMapper: (value: unknown) => pgUtils.prepareValue(value) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  return lastResult(await pglite.execProtocolStream(message, { throwOnError: false }));
}

/**
 * A statement without parameters by the simple protocol (one string may hold several statements, as the
 * initial migration does), read back as runExtended reads: the same parsers whatever the protocol.
 */
async function runSimple(sql: string): Promise<Result> {
  return lastResult(await pglite.execProtocolStream(serialize.query(sql), { throwOnError: false }));
}

/** The rows and the command tag of the last statement in PGlite's replies; its error, thrown. */
function lastResult(replies: readonly unknown[]): Result {
  let current: Result = { rows: [], fields: [] };
  let last: Result | undefined;
  let columnParsers: ((text: string) => unknown)[] = [];
  for (const reply of replies as BackendMessage[]) {
    if (reply.name === 'error') throw reply;
    if (reply.name === 'rowDescription') {
      current.fields = reply.fields;
      columnParsers = reply.fields.map((f) => parserOf(f.dataTypeID));
    } else if (reply.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      reply.fields.forEach((text, i) => {
        const field = current.fields[i];
        if (field) row[field.name] = text === null ? null : columnParsers[i]!(text);
      });
      current.rows.push(row);
    } else if (reply.name === 'commandComplete') {
      // "INSERT 0 3", "UPDATE 2", "SELECT 5": the command, and how many rows it touched last.
      const words = reply.text.split(' ');
      current.command = words[0];
      current.affectedRows = Number(words.at(-1)) || 0;
      // A script's next statement starts afresh (one without rows sends no description).
      last = current;
      current = { rows: [], fields: [] };
      columnParsers = [];
    }
  }
  return last ?? current;
}

/** The messages lastResult reads (PGlite's parse of the backend protocol). */
type BackendMessage =
  | { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: 'error' }
  | { name: 'parseComplete' | 'bindComplete' | 'readyForQuery' | 'noData' | 'emptyQuery' | 'notice' };

/**
 * One statement. Like pg: without parameters the simple protocol (several statements in one string, as in
 * the initial migration); with parameters the extended protocol.
 */
const runStatement = (sql: string, parameters: unknown[]): Promise<Result> =>
  parameters.length > 0 ? runExtended(sql, parameters) : runSimple(sql);

/**
 * Turns on the one connection, as a server takes them: one statement at a time, in the order they came —
 * but while a session's transaction is open (Postgres' own flag, after each statement) only that session's
 * statements run, the others wait behind them. The waiting happens here, so a statement the main thread
 * asks is sent at once and never waits for that busy thread to hand the connection on.
 */
interface Turn {
  session: number;
  take: () => Promise<void>;
}
const turns: Turn[] = [];
/** The session whose transaction is open, if one is. */
let owner: number | undefined;
let taking = false;
/** Once closed, every later statement is refused. */
let closed = false;

function nextTurn(): void {
  if (taking) return;
  const index = owner === undefined ? 0 : turns.findIndex((turn) => turn.session === owner);
  const turn = turns[index];
  if (index < 0 || !turn) return;
  turns.splice(index, 1);
  taking = true;
  void turn.take().finally(() => {
    taking = false;
    nextTurn();
  });
}

/** `work` on the connection in `session`'s turn; its result, or its error, once it ran. */
function inTurn<T>(session: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    turns.push({
      session,
      take: async () => {
        try {
          if (closed) throw new Error('the embedded database is closed');
          resolve(await work());
        } catch (err) {
          reject(err);
        } finally {
          if (!closed) owner = pglite.isInTransaction() ? session : undefined;
        }
      },
    });
    nextTurn();
  });
}

/** One statement of `session`, in its turn, and whether its transaction is open after it. */
const statementOf = (session: number, sql: string, parameters: unknown[]) =>
  inTurn(session, async () => ({
    ...(await runStatement(sql, parameters)),
    inTransaction: pglite.isInTransaction(),
  }));

/** Rolls back `session`'s transaction if it is the one open. */
const endSession = (session: number) =>
  inTurn(session, async () => {
    if (owner === session) await runStatement('rollback', []);
  });

/**
 * pg_dump over the one connection, in a turn of its own between the sessions' statements and once no
 * transaction is open: no other statement runs while it reads, so the dump is one moment of the database
 * (a backup taken while the server runs). pg_dump leaves its read-only transaction open and its session
 * settings set (search_path, DateStyle, …): both are undone before the next turn.
 */
const dump = () =>
  inTurn(Number.NaN, async () => {
    try {
      const file = await pgDump({ pg: pglite });
      return new Uint8Array(await file.arrayBuffer());
    } finally {
      if (pglite.isInTransaction()) await runStatement('rollback', []);
      await runStatement('reset all', []);
    }
  });

/**
 * The jobs' module (pglite-db.ts DatabaseThreadJobs), started on this thread's statements: its sessions
 * take turns with the main thread's (numbered below zero, so the two never meet). Rows come back here as
 * the pg driver gives them, bytea as a Buffer too.
 */
type Jobs = Record<string, (input: unknown) => Promise<void>>;
const threadSession = (session: number) => -1 - session;
const jobHandlers: Jobs = jobs
  ? await (
      (await import(jobs)) as {
        startDatabaseThreadJobs: (statements: {
          run(
            sql: string,
            parameters: readonly unknown[],
            session: number,
          ): Promise<Omit<Result, 'fields'> & { inTransaction: boolean }>;
          endSession(session: number): Promise<void>;
          close(): Promise<void>;
        }) => Jobs | Promise<Jobs>;
      }
    ).startDatabaseThreadJobs({
      async run(sql, parameters, session) {
        const result = await statementOf(threadSession(session), sql, [...parameters]);
        const rows = result.rows;
        for (const field of result.fields)
          if (field.dataTypeID === types.BYTEA)
            for (const row of rows)
              if (typeof row[field.name] === 'string')
                row[field.name] = Buffer.from((row[field.name] as string).slice(2), 'hex');
        return {
          rows,
          affectedRows: result.affectedRows ?? 0,
          command: result.command,
          inTransaction: result.inTransaction,
        };
      },
      endSession: (session) => endSession(threadSession(session)),
      // The thread's PGlite closes with the thread (the main thread's 'close').
      close: () => Promise.resolve(),
    })
  : {};

/** The reply of a statement that ran, or of a job or an ended session (no rows). */
const done = (id: number, result?: Result, inTransaction = false): StatementReply => ({
  id,
  ok: true,
  rows: result?.rows ?? [],
  affectedRows: result?.affectedRows ?? 0,
  command: result?.command,
  inTransaction,
  byteaFields: result?.fields.filter((f) => f.dataTypeID === types.BYTEA).map((f) => f.name) ?? [],
});

type ThreadRequest = StatementRequest | JobRequest | EndSessionRequest | DumpRequest;

/** One message of the main thread: a statement, a job, an ended session, a dump, or the last word. Never throws. */
async function answer(message: ThreadRequest | 'close'): Promise<void> {
  if (message === 'close') {
    // In the last turn: after the statements asked before it, and once no transaction is open.
    await inTurn(Number.NaN, async () => {
      closed = true;
      await pglite.close();
    });
    port.postMessage('closed');
    return;
  }
  const { id } = message;
  try {
    if ('job' in message) {
      const job = jobHandlers[message.job];
      if (!job) throw new Error(`no database-thread job named ${message.job}`);
      await job(message.input);
      port.postMessage(done(id));
    } else if ('dump' in message) {
      const sql = await dump();
      port.postMessage({ id, ok: true, sql } satisfies DumpReply, [sql.buffer as ArrayBuffer]);
    } else if ('endSession' in message) {
      await endSession(message.endSession);
      port.postMessage(done(id));
    } else {
      const result = await statementOf(message.session, message.sql, message.parameters);
      port.postMessage(done(id, result, result.inTransaction));
    }
  } catch (err) {
    const error: Record<string, unknown> = {};
    for (const field of errorFields) {
      const value = (err as Record<string, unknown>)[field];
      if (value !== undefined) error[field] = value;
    }
    port.postMessage({ id, ok: false, error } satisfies StatementReply);
  }
}

port.on('message', (message: ThreadRequest | 'close') => void answer(message));
port.postMessage('ready');
