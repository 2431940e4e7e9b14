// Scheduled backups (BACKUP_DIR, BACKUP_KEEP): the running server writes a snapshot into BACKUP_DIR once a
// day and keeps the newest BACKUP_KEEP of them. "Once a day" is read from the folder itself — a snapshot is
// due when the newest one there is a day old — so a restart neither takes an extra one nor skips a day, and
// several processes sharing the folder (the distributed mode's aggregators, one at a time under a lock) take
// one between them. Only the files this schedule names (bodymetrics-<time><extension>) are ever deleted.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const backupIntervalMs = 24 * 60 * 60 * 1000;
/** How often a process looks whether a snapshot is due. */
const checkIntervalMs = 60 * 60 * 1000;

/** `bodymetrics-2026-11-27T13-05-00.123Z.sql.gz`: the time in UTC, sortable as text, no ':' (Windows). */
const nameOf = (at: Date, extension: string) =>
  `bodymetrics-${at.toISOString().replaceAll(':', '-')}${extension}`;

function timeOf(name: string, extension: string): number | undefined {
  if (!name.startsWith('bodymetrics-') || !name.endsWith(extension)) return undefined;
  const stamp = name.slice('bodymetrics-'.length, name.length - extension.length);
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}\.\d{3}Z)$/.exec(stamp);
  return match ? Date.parse(`${match[1]}:${match[2]}:${match[3]}`) : undefined;
}

/** The schedule's snapshots in `dir`, newest first. */
export async function scheduledSnapshots(dir: string, extension: string): Promise<string[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return names
    .map((name) => ({ name, at: timeOf(name, extension) }))
    .filter((entry): entry is { name: string; at: number } => entry.at !== undefined)
    .sort((a, b) => b.at - a.at)
    .map((entry) => entry.name);
}

export interface ScheduledBackupsOptions {
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP: how many of the newest snapshots stay. */
  keep: number;
  /** The snapshot's file name ending: `.sql.gz` (embedded), `.pgdump` (distributed). */
  extension: string;
  /** Writes a snapshot to the file. */
  take: (file: string) => Promise<unknown>;
  /**
   * Runs a round so that one process at a time does (the distributed mode: a Postgres advisory lock);
   * answers undefined when another process has it. Default: the round as it is.
   */
  exclusively?: (round: () => Promise<string | undefined>) => Promise<string | undefined>;
  /** Between two snapshots; default a day (tests shorten it). */
  intervalMs?: number;
  /** A snapshot written, or (with its error) a round that failed: it is tried again at the next check. */
  log?: (line: string, err?: unknown) => void;
}

export interface ScheduledBackups {
  /** Takes a snapshot if one is due; answers its file name, or undefined. */
  runNow(): Promise<string | undefined>;
  /** No round starts afterwards; the one in progress is finished. */
  stop(): Promise<void>;
}

export function startScheduledBackups(options: ScheduledBackupsOptions): ScheduledBackups {
  const intervalMs = options.intervalMs ?? backupIntervalMs;
  const round = async (): Promise<string | undefined> => {
    await mkdir(options.dir, { recursive: true });
    const [newest] = await scheduledSnapshots(options.dir, options.extension);
    const newestAt = newest === undefined ? undefined : timeOf(newest, options.extension);
    if (newestAt !== undefined && Date.now() - newestAt < intervalMs) return undefined;
    const name = nameOf(new Date(), options.extension);
    await options.take(join(options.dir, name));
    const old = (await scheduledSnapshots(options.dir, options.extension)).slice(options.keep);
    for (const stale of old) await rm(join(options.dir, stale), { force: true });
    options.log?.(`scheduled backup ${join(options.dir, name)} written (${old.length} older removed)`);
    return name;
  };
  let stopped = false;
  /** The round in progress: a tick that comes meanwhile joins it instead of queueing another. */
  let running: Promise<string | undefined> | undefined;
  const runNow = (): Promise<string | undefined> => {
    if (stopped) return running ?? Promise.resolve(undefined);
    running ??= (options.exclusively ? options.exclusively(round) : round())
      .catch((err: unknown) => {
        options.log?.(`scheduled backup into ${options.dir} failed: ${(err as Error).message}`, err);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void runNow();
  const timer = setInterval(() => void runNow(), Math.min(checkIntervalMs, intervalMs));
  timer.unref();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
