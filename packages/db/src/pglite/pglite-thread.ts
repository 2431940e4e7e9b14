// The worker thread that owns PGlite (see pglite-db.ts): Postgres-in-WebAssembly runs its statements
// synchronously on the thread that calls it, so here it stalls only this thread and never the event loop
// that answers HTTP. It takes one statement at a time from the main thread and answers with its rows.
// Plain erasable TypeScript with explicit imports only: Node loads this file itself (type stripping) in
// the worker, with no loader in between.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

export interface StatementRequest {
  id: number;
  sql: string;
  parameters: unknown[];
}

export type StatementReply =
  | {
      id: number;
      ok: true;
      rows: Record<string, unknown>[];
      affectedRows: number;
      command: string | undefined;
      /** Columns of type bytea, still in Postgres' hex text: a Buffer would reach the main thread as a Uint8Array. */
      byteaFields: string[];
    }
  | { id: number; ok: false; error: Record<string, unknown> };

/** The pg driver's text forms (see pgCompatibleParsers in pglite-db.ts); bytea is made a Buffer there. */
const parsers = {
  [types.DATE]: (value: string) => value,
  [types.INT8]: (value: string) => value,
  [types.BYTEA]: (value: string) => value,
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

const { dataDir, prepareOnly } = workerData as { dataDir: string; prepareOnly?: boolean };
if (!parentPort) throw new Error('pglite-thread.ts runs as a worker thread');
const port = parentPort;

/**
 * Postgres' shared buffers live in the WebAssembly heap, which never shrinks: 128 MB by default, ~150 MB of
 * resident memory. A site's analytics fit in far less, and the operating system caches the data files
 * underneath anyway (README "Performance": RSS and throughput with each size).
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

/** One message of the main thread: a statement to run, or the last word. Never throws: errors are replies. */
async function answer(message: StatementRequest | 'close'): Promise<void> {
  if (message === 'close') {
    await pglite.close();
    port.postMessage('closed');
    return;
  }
  const { id, sql, parameters } = message;
  try {
    // Like pg: without parameters the simple protocol (several statements in one string, as in the
    // initial migration); with parameters the extended protocol.
    const result =
      parameters.length > 0
        ? ((await pglite.query(sql, parameters)) as Result)
        : ((await pglite.exec(sql)).at(-1) as Result | undefined);
    const reply: StatementReply = {
      id,
      ok: true,
      rows: result?.rows ?? [],
      affectedRows: result?.affectedRows ?? 0,
      command: result?.command,
      byteaFields: (result?.fields ?? []).filter((f) => f.dataTypeID === types.BYTEA).map((f) => f.name),
    };
    port.postMessage(reply);
  } catch (err) {
    const error: Record<string, unknown> = {};
    for (const field of errorFields) {
      const value = (err as Record<string, unknown>)[field];
      if (value !== undefined) error[field] = value;
    }
    port.postMessage({ id, ok: false, error } satisfies StatementReply);
  }
}

port.on('message', (message: StatementRequest | 'close') => void answer(message));
port.postMessage('ready');
