// The distributed mode's snapshot: the PostgreSQL database through PostgreSQL's own tools — pg_dump in its
// custom format (compressed; one repeatable-read transaction, so one moment of the database however busy the
// services are), loaded by pg_restore in one transaction. Both come with the PostgreSQL client, of the
// server's major version or newer. The password travels in the tool's environment, never on its command
// line (which every user of the machine can read).
import { spawn } from 'node:child_process';
import pg from 'pg';
import { ensureDatabase } from '../ensure-database';
import { appliedMigrations } from './applied-migrations';
import { writeSnapshotFile, type SnapshotFileOptions, type WrittenSnapshot } from './snapshot-file';
import { SnapshotFormatError, wrongSnapshotKind } from './snapshot-kind';

/** The connection URL without its password, and the password as libpq reads it from the environment. */
function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The database's name in its URL, as the operator wrote it. */
export const databaseNameOf = (databaseUrl: string) =>
  decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));

/** Runs a PostgreSQL client tool; its error output becomes the error's message. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${tool} was not found: install the PostgreSQL client (its major version at least the server's)`,
            )
          : err,
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes the database at `databaseUrl` to `file` (pg_dump's custom format). */
export async function writePostgresSnapshot(
  databaseUrl: string,
  file: string,
  options: SnapshotFileOptions = {},
): Promise<WrittenSnapshot> {
  const takenAt = new Date();
  const { dbname, env } = libpqTarget(databaseUrl);
  const written = await writeSnapshotFile(
    file,
    (partial) => runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env),
    options,
  );
  return { ...written, takenAt };
}

export class DatabaseNotEmptyError extends Error {
  override readonly name = 'DatabaseNotEmptyError';
  constructor(
    readonly database: string,
    readonly tables: number,
  ) {
    super(`the database ${database} is not empty (${tables} tables): it already holds data`);
  }
}

const userTables = `select count(*)::int as n from pg_catalog.pg_tables
  where schemaname not in ('pg_catalog', 'information_schema')`;

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Loads the distributed snapshot `file` into the database at `databaseUrl` (created if missing), which
 * must hold no table (`force`: its schema `public`, where every table of the product lives, is dropped
 * first). pg_restore runs as one transaction: a snapshot that fails to load leaves no half database.
 */
export async function loadPostgresSnapshot(
  databaseUrl: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ database: string; migrations: number }> {
  const wrong = await wrongSnapshotKind(file, 'distributed');
  if (wrong) throw new SnapshotFormatError(wrong);
  const database = databaseNameOf(databaseUrl);
  await ensureDatabase(databaseUrl);
  const tables = await withClient(
    databaseUrl,
    async (client) => (await client.query<{ n: number }>(userTables)).rows[0]?.n ?? 0,
  );
  if (tables > 0 && !options.force) throw new DatabaseNotEmptyError(database, tables);
  if (tables > 0)
    await withClient(databaseUrl, (client) =>
      client.query('begin; drop schema public cascade; create schema public; commit'),
    );
  const { dbname, env } = libpqTarget(databaseUrl);
  await runTool(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  const migrations = await withClient(databaseUrl, (client) =>
    appliedMigrations(async (text) => (await client.query(text)).rows),
  );
  return { database, migrations };
}
