// Backup and restore of the embedded mode as the operator runs them: `npm run backup` (the real command, a
// process of its own) while `npm start` runs and page views keep arriving — the server takes the snapshot
// in PGlite's thread — then `npm run restore` into an empty folder, which the server opens. Every page view
// acknowledged before the backup was asked for is in the restored database once, none counted twice, and
// the daily figure agrees with the raw rows (one moment of the database, not a torn copy). A folder that
// holds a database, or one the server holds, is refused and left as it was; the restored server writes its
// scheduled snapshots and keeps the newest BACKUP_KEEP.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEmbeddedSnapshot } from '@bodymetrics/db/pglite';
import { scheduledSnapshots } from '@bodymetrics/db/snapshot';
import { eventually } from '@bodymetrics/testing';
import { startEmbedded, type RunningEmbedded } from './embedded';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let root: string;
let serving: string;
let restored: string;
let snapshot: string;
let running: RunningEmbedded | undefined;
let reopened: RunningEmbedded | undefined;

/** `npm run backup` / `npm run restore` with DATA_DIR: its exit code and what it printed. */
function command(name: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, `packages/db/src/cli/${name}.ts`), ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A folder's files with their sizes and modification times: what "left as it was" compares. */
async function folderState(dir: string): Promise<string[]> {
  const names = (await readdir(dir, { recursive: true })).sort();
  return Promise.all(
    names.map(async (name) => {
      const s = await stat(join(dir, name));
      return `${name} ${s.size} ${s.mtimeMs}`;
    }),
  );
}

/** Page views sent by a few browsers at once until stopped; the event ids answered 202, in order. */
function pageViewStream(url: string) {
  const acknowledged: string[] = [];
  const sent = new Set<string>();
  let stopped = false;
  const browserLoop = async (n: number) => {
    while (!stopped) {
      const eventId = randomUUID();
      sent.add(eventId);
      const res = await fetch(`${url}/api/analytics/page-visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': browser, origin: url },
        body: JSON.stringify({
          visitorId: `visitor-backup-${n}`,
          sessionId: `session-backup-${n}`,
          pageUrl: '/',
          deviceType: 'desktop',
          browserName: 'Chrome',
          operatingSystem: 'Linux',
          screenResolution: '1920x1080',
          language: 'en-US',
          timeZone: 'Europe/Bucharest',
          isReturningVisitor: 0,
          trafficSource: { source: 'direct', medium: 'none' },
          eventId,
        }),
      });
      if (res.status === 202) acknowledged.push(eventId);
      else await res.text();
    }
  };
  const loops = Promise.all([0, 1, 2, 3].map(browserLoop));
  return {
    acknowledged,
    sent,
    stop: async () => {
      stopped = true;
      await loops;
    },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-backup-'));
  serving = join(root, 'pgdata');
  restored = join(root, 'restored');
  snapshot = join(root, 'snapshot.sql.gz');
  running = await startEmbedded({
    port: 0,
    dataDir: serving,
    mailDir: join(root, 'mail'),
    log: () => {},
    trackingRateLimitPerMinute: 100_000,
    trackingRateLimitPerBrowserPerMinute: 100_000,
  });
});

afterAll(async () => {
  await reopened?.close();
  await running?.close();
  await rm(root, { recursive: true, force: true });
});

describe('backup and restore (embedded mode)', () => {
  let before: string[] = [];
  let stream: ReturnType<typeof pageViewStream>;

  it('npm run backup takes a snapshot through the running server while page views arrive', async () => {
    if (!running) throw new Error('the embedded system is not running');
    stream = pageViewStream(running.url);
    await eventually(async () => expect(stream.acknowledged.length).toBeGreaterThan(40));
    before = [...stream.acknowledged];
    const backup = await command('backup', serving, '--to', snapshot);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`written to ${snapshot}`);
    expect(backup.stdout).toContain(`by the running server (process ${process.pid})`);
    expect(backup.code).toBe(0);
    const afterBackup = stream.acknowledged.length;
    await eventually(async () => expect(stream.acknowledged.length).toBeGreaterThan(afterBackup + 20));
    await stream.stop();
    expect((await stat(snapshot)).mode & 0o777).toBe(0o600);
  });

  it('refuses a folder the running server holds, and leaves it as it was', async () => {
    const refused = await command('restore', serving, '--from', snapshot, '--force');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stderr).toContain('Nothing was changed');
  });

  it('npm run restore loads it into an empty folder', async () => {
    const restore = await command('restore', restored, '--from', snapshot);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain(`Restored ${snapshot} into ${restored}`);
    expect(restore.code).toBe(0);
  });

  it('refuses a folder that holds a database without --force, changing nothing', async () => {
    const state = await folderState(restored);
    const refused = await command('restore', restored, '--from', snapshot);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`the data folder ${restored} is not empty`);
    expect(refused.stderr).toContain('pass --force');
    expect(await folderState(restored)).toEqual(state);
  });

  it('names a wrong flag and shows the usage (exit 64)', async () => {
    const wrong = await command('restore', restored, '--from', snapshot, '--into', root);
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('unknown flag --into');
    expect(wrong.stderr).toContain('Usage: npm run restore -- --from <file>');
  });

  it('the restored folder opens: every page view acknowledged before the backup, once, the figures agreeing', async () => {
    reopened = await startEmbedded({
      port: 0,
      dataDir: restored,
      mailDir: join(root, 'mail-restored'),
      log: () => {},
      backups: { dir: join(root, 'scheduled'), keep: 2, intervalMs: 300 },
    });
    const { db } = reopened;
    const rows = await db.selectFrom('page_visits').select('event_id').execute();
    const ids = rows.map((r) => r.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before));
    expect(ids.every((id) => stream.sent.has(id))).toBe(true);
    // Later page views went on after the snapshot: it is not the end state.
    expect(ids.length).toBeLessThan(stream.acknowledged.length);
    const { rows: figures } = await sql<{
      views: string;
    }>`select coalesce(sum(total_page_views), 0) as views from daily_visits`.execute(db);
    expect(Number(figures[0]?.views)).toBe(ids.length);
  });

  it('the server writes scheduled snapshots into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    const dir = join(root, 'scheduled');
    const seen = new Set<string>();
    await eventually(
      async () => {
        for (const name of await scheduledSnapshots(dir, '.sql.gz')) seen.add(name);
        expect(seen.size).toBeGreaterThanOrEqual(3);
      },
      { timeoutMs: 30_000 },
    );
    await reopened?.close();
    reopened = undefined;
    const kept = await scheduledSnapshots(dir, '.sql.gz');
    expect(kept).toHaveLength(2);
    // The older ones were removed: every name seen before is one of the two kept, or older than both.
    const oldestKept = kept[1] ?? '';
    expect([...seen].filter((name) => !kept.includes(name) && name > oldestKept)).toEqual([]);
    const sqlText = await readEmbeddedSnapshot(join(dir, kept[0] ?? ''));
    expect(sqlText).toContain('CREATE TABLE public.page_visits');
  });
});
