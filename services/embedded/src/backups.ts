// The running embedded server's backups. PGlite allows one process, so `npm run backup` cannot open the
// folder the server holds: the server answers its requests on the folder's socket (@bodymetrics/db
// snapshot-requests.ts). With BACKUP_DIR set it also writes a snapshot there once a day, keeping the newest
// BACKUP_KEEP. Either way the snapshot is taken in PGlite's thread between two transactions.
import { writeEmbeddedSnapshot, type PgliteDb } from '@bodymetrics/db/pglite';
import { serveSnapshotRequests, startScheduledBackups } from '@bodymetrics/db/snapshot';

export interface ScheduledEmbeddedBackups {
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP: the newest snapshots kept. */
  keep: number;
  /** Between two snapshots; default a day (tests shorten it). */
  intervalMs?: number;
}

export interface EmbeddedBackups {
  /** Where `npm run backup` asks (`<dataDir>.sock`). */
  socketPath: string;
  close(): Promise<void>;
}

export async function startEmbeddedBackups(
  database: Pick<PgliteDb, 'dumpSql'>,
  dataDir: string,
  scheduled: ScheduledEmbeddedBackups | undefined,
  log: (line: string) => void,
): Promise<EmbeddedBackups> {
  const requests = await serveSnapshotRequests(dataDir, async (file, options) => {
    const written = await writeEmbeddedSnapshot(database, file, options);
    log(`backup: snapshot written to ${written.file} (npm run backup)`);
    return written;
  });
  const schedule =
    scheduled &&
    startScheduledBackups({
      dir: scheduled.dir,
      keep: scheduled.keep,
      extension: '.sql.gz',
      take: (file) => writeEmbeddedSnapshot(database, file),
      ...(scheduled.intervalMs ? { intervalMs: scheduled.intervalMs } : {}),
      log: (line) => log(`backup: ${line}`),
    });
  return {
    socketPath: requests.path,
    close: async () => {
      await schedule?.stop();
      await requests.close();
    },
  };
}
