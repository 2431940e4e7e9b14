// @bodymetrics/db/snapshot — backups and restores (npm run backup / restore, scheduled backups): the
// distributed mode's snapshots (pg_dump), the schedule, the snapshot files and the requests a running
// embedded server answers. Nothing here loads PGlite; the embedded snapshot itself is @bodymetrics/db/pglite's.
export {
  DatabaseNotEmptyError,
  databaseNameOf,
  loadPostgresSnapshot,
  writePostgresSnapshot,
} from './postgres-snapshot';
export {
  backupIntervalMs,
  scheduledSnapshots,
  startScheduledBackups,
  type ScheduledBackups,
  type ScheduledBackupsOptions,
} from './scheduled-backups';
export {
  SnapshotFileExistsError,
  writeSnapshotFile,
  type SnapshotFileOptions,
  type WrittenSnapshot,
} from './snapshot-file';
export { snapshotKindOf, SnapshotFormatError, wrongSnapshotKind, type SnapshotKind } from './snapshot-kind';
export {
  NoSnapshotServerError,
  requestSnapshot,
  serveSnapshotRequests,
  snapshotSocketPath,
  type SnapshotRequests,
} from './snapshot-requests';
