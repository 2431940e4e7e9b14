// `npm run backup -- --to <file>` (also `npm start -- backup --to <file>`): one snapshot of the database
// into a file, while the server runs or not. The embedded mode's PGlite folder (DATA_DIR) by default, the
// PostgreSQL database (DATABASE_URL) with --distributed. The formats are packages/db snapshot/'s.
import { resolve } from 'node:path';
import { defaultDatabaseUrl } from '../connection';
import { defaultDataDir } from '../installation-database';
import { backupEmbedded } from '../snapshot/embedded-backup';
import { databaseNameOf, writePostgresSnapshot } from '../snapshot/postgres-snapshot';
import type { WrittenSnapshot } from '../snapshot/snapshot-file';
import { notInSnapshot, runSnapshotCommand, type SnapshotCommand } from './snapshot-command';

const usage = `Usage: npm run backup -- --to <file> [--distributed] [--force]
       npm start -- backup --to <file> [--force]

Writes one snapshot of the database to <file>, while the server runs or not.
  (no flag)      the embedded mode's database: the PGlite folder DATA_DIR (default ${defaultDataDir}).
                 While npm start runs, the server itself takes the snapshot. Format: gzip-compressed SQL
                 (name it <something>.sql.gz).
  --distributed  the PostgreSQL database DATABASE_URL (default ${defaultDatabaseUrl})
                 through pg_dump's custom format (name it <something>.pgdump); needs the PostgreSQL client
                 tools, of the server's major version or newer.
  --force        replace <file> if it exists (otherwise refused).
The file is readable by its owner only: it holds the admins' password hashes and the visitors' records.
${notInSnapshot}
Restore it with: npm run restore -- --from <file>`;

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const wrote = (what: string, written: WrittenSnapshot) =>
  `Snapshot of ${what} written to ${written.file} (${size(written.bytes)}, taken ${written.takenAt.toISOString()})`;

async function backup({ file, distributed, force }: SnapshotCommand): Promise<string> {
  if (distributed) {
    const url = process.env.DATABASE_URL || defaultDatabaseUrl;
    return wrote(`the database ${databaseNameOf(url)}`, await writePostgresSnapshot(url, file, { force }));
  }
  const dataDir = resolve(process.env.DATA_DIR || defaultDataDir);
  const written = await backupEmbedded(dataDir, file, { force });
  const by = written.serverPid === undefined ? '' : ` by the running server (process ${written.serverPid})`;
  return `${wrote(dataDir, written)}${by}`;
}

runSnapshotCommand(process.argv.slice(2), '--to', usage, backup);
