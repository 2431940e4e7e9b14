// The embedded mode's snapshot: the PGlite database as pg_dump's plain SQL (PGlite's own pg_dump,
// @electric-sql/pglite-tools), gzip-compressed, behind a header line naming the format. SQL rather than a
// copy of the data folder: it is taken while the server runs (the dump runs in PGlite's thread between two
// transactions, so it is one moment of the database), it is small once compressed, and it loads into the
// PGlite of a later release, whereas a data folder only opens under the PostgreSQL major version that wrote it.
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'kysely';
import { lockDataDir } from '../pglite/data-dir-lock';
import { createPgliteDb, type PgliteDb } from '../pglite/pglite-db';
import { appliedMigrations } from './applied-migrations';
import { writeSnapshotFile, type SnapshotFileOptions, type WrittenSnapshot } from './snapshot-file';
import { SnapshotFormatError, wrongSnapshotKind } from './snapshot-kind';

/** The first line of every embedded snapshot (its version: a later format gets a new number). */
export const embeddedSnapshotHeader = '-- BodyMetrics embedded snapshot 1';

/** Writes the database `source` holds (a running server's, or a folder opened for the purpose) to `file`. */
export async function writeEmbeddedSnapshot(
  source: Pick<PgliteDb, 'dumpSql'>,
  file: string,
  options: SnapshotFileOptions = {},
): Promise<WrittenSnapshot> {
  const takenAt = new Date();
  const dump = await source.dumpSql();
  const header = `${embeddedSnapshotHeader}\n-- taken ${takenAt.toISOString()}; load it with: npm run restore -- --from <this file>\n`;
  const compressed = await promisify(gzip)(Buffer.concat([Buffer.from(header), dump]));
  const written = await writeSnapshotFile(file, (partial) => writeFile(partial, compressed), options);
  return { ...written, takenAt };
}

/** The SQL an embedded snapshot holds; a file of another kind is refused, naming what it is. */
export async function readEmbeddedSnapshot(file: string): Promise<string> {
  const wrong = await wrongSnapshotKind(file, 'embedded');
  if (wrong) throw new SnapshotFormatError(wrong);
  const text = (await promisify(gunzip)(await readFile(file))).toString('utf8');
  if (!text.startsWith(`${embeddedSnapshotHeader}\n`))
    throw new SnapshotFormatError(`${file} is gzip, but not a BodyMetrics embedded snapshot`);
  return text;
}

export class DataDirNotEmptyError extends Error {
  override readonly name = 'DataDirNotEmptyError';
  constructor(
    readonly dataDir: string,
    readonly entries: number,
  ) {
    super(`the data folder ${dataDir} is not empty (${entries} entries): it already holds a database`);
  }
}

export interface LoadedSnapshot {
  dataDir: string;
  /** Migrations the restored database had applied (npm start applies any later ones). */
  migrations: number;
}

/**
 * Loads the embedded snapshot `file` into the PGlite folder `dataDir`, which must be missing or empty
 * (`force`: replace what it holds). The folder's lock is held throughout, so a running server refuses it
 * (DataDirBusyError). The database is built in a folder beside it and moved in only once complete: a
 * snapshot that fails to load leaves `dataDir` as it was.
 */
export async function loadEmbeddedSnapshot(
  dataDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<LoadedSnapshot> {
  const dir = resolve(dataDir);
  const script = await readEmbeddedSnapshot(file);
  const lock = await lockDataDir(dir);
  try {
    const present = await entriesOf(dir);
    if (present.length > 0 && !options.force) throw new DataDirNotEmptyError(dir, present.length);
    const building = `${dir}.restoring-${process.pid}`;
    await rm(building, { recursive: true, force: true });
    try {
      const migrations = await loadInto(building, script);
      await moveInto(building, dir, present.length > 0);
      return { dataDir: dir, migrations };
    } finally {
      await rm(building, { recursive: true, force: true });
    }
  } finally {
    await lock.release();
  }
}

/** A new PGlite database in `folder` with the script run in it (one transaction: all or nothing). */
async function loadInto(folder: string, script: string): Promise<number> {
  const pglite = await createPgliteDb(folder);
  try {
    await sql.raw(script).execute(pglite.db);
    return await appliedMigrations(
      async (text) => (await sql<Record<string, unknown>>`${sql.raw(text)}`.execute(pglite.db)).rows,
    );
  } finally {
    await pglite.close();
  }
}

/**
 * Puts the built folder at `dir`: renamed over it when `dir` is missing or empty, the old folder first set
 * aside (and then removed) when it held a database being replaced.
 */
async function moveInto(from: string, dir: string, replacing: boolean): Promise<void> {
  const aside = `${dir}.replaced-${process.pid}`;
  if (replacing) {
    await rm(aside, { recursive: true, force: true });
    await rename(dir, aside);
  }
  await rename(from, dir);
  await rm(aside, { recursive: true, force: true });
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
