// @bodymetrics/db/pglite — the embedded mode's database (PGlite in a folder) and the lock that keeps that
// folder to one process. A subpath of its own so that the services, which only ever open PostgreSQL, do
// not load PGlite's WebAssembly build when they import @bodymetrics/db.
export {
  createPgliteDb,
  kyselyOver,
  type DatabaseThreadJobs,
  type PgliteDb,
  type StartDatabaseThreadJobs,
  type Statements,
  threadModule,
} from './pglite-db';
export { lockDataDir, DataDirBusyError, type DataDirLock } from './data-dir-lock';
// The embedded mode's snapshot (npm run backup / restore, scheduled backups, fixtures of upgrade tests).
export {
  DataDirNotEmptyError,
  embeddedSnapshotHeader,
  loadEmbeddedSnapshot,
  readEmbeddedSnapshot,
  writeEmbeddedSnapshot,
  type LoadedSnapshot,
} from '../snapshot/embedded-snapshot';
export { backupEmbedded, NothingToBackUpError, type EmbeddedBackup } from '../snapshot/embedded-backup';
