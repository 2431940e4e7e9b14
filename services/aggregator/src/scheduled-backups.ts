// The distributed mode's scheduled backups (BACKUP_DIR, BACKUP_KEEP): the aggregator, the process that
// already keeps the database's daily upkeep (retention, month partitions), writes a pg_dump snapshot into
// BACKUP_DIR once a day and keeps the newest BACKUP_KEEP. Several aggregators may run: a session-level
// advisory lock lets one of them take a round, and the others skip it (a snapshot is due by the newest file
// in the folder, so aggregators sharing the folder take one a day between them). pg_dump must be on the
// aggregator's PATH (the PostgreSQL client, of the server's major version or newer).
import { sql } from 'kysely';
import { advisoryLocks, type Db } from '@bodymetrics/db';
import {
  startScheduledBackups,
  writePostgresSnapshot,
  type ScheduledBackups,
} from '@bodymetrics/db/snapshot';

/** pg_try_advisory_lock key of the scheduled backups (any constant no other part of the product uses). */
export const scheduledBackupLockKey = advisoryLocks.scheduledBackup;

/** `round` on one connection holding the lock, or undefined when another aggregator holds it. */
export const underBackupLock =
  (db: Db) =>
  (round: () => Promise<string | undefined>): Promise<string | undefined> =>
    db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${scheduledBackupLockKey}) as locked`.execute(conn);
      if (!rows[0]?.locked) return undefined;
      try {
        return await round();
      } finally {
        await sql`select pg_advisory_unlock(${scheduledBackupLockKey})`.execute(conn);
      }
    });

export function startPostgresBackups(deps: {
  db: Db;
  databaseUrl: string;
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP. */
  keep: number;
  /** Between two snapshots; default a day (tests shorten it). */
  intervalMs?: number;
  log?: (line: string, err?: unknown) => void;
}): ScheduledBackups {
  return startScheduledBackups({
    dir: deps.dir,
    keep: deps.keep,
    extension: '.pgdump',
    take: (file) => writePostgresSnapshot(deps.databaseUrl, file),
    exclusively: underBackupLock(deps.db),
    ...(deps.intervalMs ? { intervalMs: deps.intervalMs } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
}
