// `npm run restore -- --from <file>` (also `npm start -- restore --from <file>`): loads a snapshot that
// `npm run backup` wrote into an empty database — the embedded mode's PGlite folder (DATA_DIR) by default,
// the PostgreSQL database (DATABASE_URL) with --distributed — and refuses one that holds data unless --force.
import { resolve } from 'node:path';
import { defaultDatabaseUrl } from '../connection';
import { defaultDataDir } from '../installation-database';
import { DataDirBusyError } from '../pglite/data-dir-lock';
import { DataDirNotEmptyError, loadEmbeddedSnapshot } from '../snapshot/embedded-snapshot';
import { DatabaseNotEmptyError, loadPostgresSnapshot } from '../snapshot/postgres-snapshot';
import { notInSnapshot, runSnapshotCommand, type SnapshotCommand } from './snapshot-command';

const usage = `Usage: npm run restore -- --from <file> [--distributed] [--force]
       npm start -- restore --from <file> [--force]

Loads a snapshot written by npm run backup into an empty database. Stop the server (or the services) first.
  (no flag)      into the embedded mode's PGlite folder DATA_DIR (default ${defaultDataDir}), which must be
                 missing or empty. The database is built beside it and moved in once complete.
  --distributed  into the PostgreSQL database DATABASE_URL (default ${defaultDatabaseUrl}),
                 created if missing, which must hold no table (pg_restore, one transaction).
  --force        replace the database that is there. Embedded: the folder's database is replaced once the
                 snapshot has loaded. Distributed: the schema public is dropped first (if the load then
                 fails, the database is left empty: restore again).
Then start as usual (npm start, npm run start:distributed): the migrations bring an older snapshot up to date.
${notInSnapshot}`;

async function restore({ file, distributed, force }: SnapshotCommand): Promise<string> {
  if (distributed) {
    const url = process.env.DATABASE_URL || defaultDatabaseUrl;
    const loaded = await loadPostgresSnapshot(url, file, { force });
    return `Restored ${resolve(file)} into the database ${loaded.database} (${loaded.migrations} migrations applied in the snapshot)`;
  }
  const dataDir = process.env.DATA_DIR || defaultDataDir;
  const loaded = await loadEmbeddedSnapshot(dataDir, file, { force });
  return `Restored ${resolve(file)} into ${loaded.dataDir} (${loaded.migrations} migrations applied in the snapshot); start it with npm start`;
}

/** What to do after a refusal: nothing was changed. */
function hint(err: unknown): string | undefined {
  if (err instanceof DataDirNotEmptyError)
    return 'Nothing was changed. Restore into an empty folder (DATA_DIR=<new folder>), or pass --force to replace that database.';
  if (err instanceof DatabaseNotEmptyError)
    return 'Nothing was changed. Restore into an empty database (DATABASE_URL naming a new one), or pass --force to replace its tables.';
  if (err instanceof DataDirBusyError)
    return 'Nothing was changed. Stop the server first (Ctrl-C in its terminal).';
  return undefined;
}

runSnapshotCommand(process.argv.slice(2), '--from', usage, restore, hint);
