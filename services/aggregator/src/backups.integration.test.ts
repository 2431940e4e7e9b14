// Backups of the distributed mode's database against a real PostgreSQL: `npm run backup -- --distributed`
// (the real command, pg_dump) while page views keep being applied — each view's raw row and its daily figure
// in one transaction, as the aggregator writes them — then `npm run restore -- --distributed` into an empty
// database: every view committed before the backup was asked for is there once and the figure agrees with
// the raw rows (one moment, not a torn copy); a database that holds tables is refused and left as it was.
// And the aggregator's scheduled backups: one aggregator at a time (the advisory lock), the newest
// BACKUP_KEEP kept.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createDb, type Db } from '@bodymetrics/db';
import { scheduledSnapshots } from '@bodymetrics/db/snapshot';
import { eventually, testInfra } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { scheduledBackupLockKey, startPostgresBackups } from './scheduled-backups';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-pg-backup-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** `npm run backup|restore -- --distributed …` against `databaseUrl`: its exit code and what it printed. */
function command(name: 'backup' | 'restore', databaseUrl: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, `packages/db/src/cli/${name}.ts`), '--distributed', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A page view's raw row and its daily figure, committed together (as the aggregator applies one). */
async function applyView(db: Db, eventId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('page_visits')
      .values({
        event_id: eventId,
        visitor_id: `visitor-${eventId.slice(0, 8)}`,
        page_url: '/',
        device_type: 'desktop',
        browser_name: 'Chrome',
        operating_system: 'Linux',
        screen_resolution: '1920x1080',
        language: 'en-US',
        time_zone: 'Europe/Bucharest',
        is_returning_visitor: 0,
        is_bot: false,
        visited_at: new Date(),
        visit_date: new Date().toISOString().slice(0, 10),
      })
      .execute();
    await sql`insert into daily_visits (date, total_page_views) values (${new Date().toISOString().slice(0, 10)}, 1)
      on conflict (date) do update set total_page_views = daily_visits.total_page_views + 1`.execute(trx);
  });
}

/** Views applied by a few writers at once until stopped; the ids committed, in order. */
function viewStream(db: Db) {
  const committed: string[] = [];
  const attempted = new Set<string>();
  let stopped = false;
  const writer = async () => {
    while (!stopped) {
      const id = randomUUID();
      attempted.add(id);
      await applyView(db, id);
      committed.push(id);
    }
  };
  const writers = Promise.all([writer(), writer(), writer()]);
  return {
    committed,
    attempted,
    stop: async () => {
      stopped = true;
      await writers;
    },
  };
}

const viewsAndFigure = async (db: Db) => {
  const rows = await db.selectFrom('page_visits').select('event_id').execute();
  const { rows: figure } = await sql<{
    views: number;
  }>`select coalesce(sum(total_page_views), 0)::int as views from daily_visits`.execute(db);
  return { ids: rows.map((r) => r.event_id), figure: figure[0]?.views };
};

describe('npm run backup / restore -- --distributed', () => {
  it('backs up while views are applied, restores into an empty database, refuses a full one', async ({
    database,
  }) => {
    const snapshot = join(root, 'distributed.pgdump');
    const stream = viewStream(database.db);
    await eventually(async () => expect(stream.committed.length).toBeGreaterThan(50));
    const before = [...stream.committed];
    const backup = await command('backup', database.url, '--to', snapshot);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`Snapshot of the database ${database.name} written to ${snapshot}`);
    expect(backup.code).toBe(0);
    const afterBackup = stream.committed.length;
    await eventually(async () => expect(stream.committed.length).toBeGreaterThan(afterBackup + 30));
    await stream.stop();

    // An empty database of its own on the same server, dropped at the end (its name says "test").
    const target = `${database.name}_restored`;
    const targetUrl = `${testInfra().postgresServerUrl}/${target}`;
    const admin = createDb({ connectionString: `${testInfra().postgresServerUrl}/postgres`, max: 1 });
    const restored = createDb({ connectionString: targetUrl, max: 1 });
    try {
      const restore = await command('restore', targetUrl, '--from', snapshot);
      expect(restore.stderr).toBe('');
      expect(restore.stdout).toContain(`into the database ${target}`);
      expect(restore.code).toBe(0);

      const { ids, figure } = await viewsAndFigure(restored);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(before));
      expect(ids.every((id) => stream.attempted.has(id))).toBe(true);
      expect(ids.length).toBeLessThan(stream.committed.length);
      expect(figure).toBe(ids.length);
      const migrations = async (db: Db) =>
        (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows;
      expect(await migrations(restored)).toEqual(await migrations(database.db));

      const refused = await command('restore', targetUrl, '--from', snapshot);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`the database ${target} is not empty`);
      expect(refused.stderr).toContain('Nothing was changed');
      expect(await viewsAndFigure(restored)).toEqual({ ids, figure });
    } finally {
      await restored.destroy();
      await sql`drop database if exists ${sql.id(target)} with (force)`.execute(admin);
      await admin.destroy();
    }
  });
});

describe('scheduled backups (BACKUP_DIR, BACKUP_KEEP)', () => {
  it('one aggregator at a time takes them, and the newest BACKUP_KEEP stay', async ({ database }) => {
    const dir = join(root, 'scheduled');
    // Another aggregator holds the lock (on the one connection of its pool): this one's rounds pass.
    const other = createDb({ connectionString: database.url, max: 1 });
    await sql`select pg_advisory_lock(${scheduledBackupLockKey})`.execute(other);
    const backups = startPostgresBackups({
      db: database.db,
      databaseUrl: database.url,
      dir,
      keep: 2,
      intervalMs: 200,
    });
    const seen = new Set<string>();
    try {
      expect(await backups.runNow()).toBeUndefined();
      expect(await scheduledSnapshots(dir, '.pgdump')).toEqual([]);

      await sql`select pg_advisory_unlock(${scheduledBackupLockKey})`.execute(other);
      await eventually(
        async () => {
          for (const name of await scheduledSnapshots(dir, '.pgdump')) seen.add(name);
          expect(seen.size).toBeGreaterThanOrEqual(3);
        },
        { timeoutMs: 30_000 },
      );
    } finally {
      await backups.stop();
      await other.destroy();
    }
    const kept = await scheduledSnapshots(dir, '.pgdump');
    expect(kept).toHaveLength(2);
    const oldestKept = kept[1] ?? '';
    expect([...seen].filter((name) => !kept.includes(name) && name > oldestKept)).toEqual([]);
  });
});
