// An upgrade as an operator makes it: a data folder written by an earlier release (its embedded snapshot,
// packages/db/fixtures/upgrade — the README there names the release and the day of traffic it served) is
// opened by this release's `npm start` (startEmbedded, which migrates it forward), and the dashboard reads
// that day as the earlier release answered it: every figure of the catalogue, every tab's rows. What the
// earlier release did not answer is not compared: a figure the catalogue gained since (returningPercentage)
// and a field a tab's rows gained since have no recorded value. The same folder, once a newer release has
// been at it (its migration table names a migration this release does not know), is refused at start
// before anything in it changes.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabReadsOf, readFigures } from '@bodymetrics/analytics/dashboard-reads';
import { analyticsRoutes, figureNames } from '@bodymetrics/contracts';
import { migrationNames, NewerReleaseDatabaseError } from '@bodymetrics/db';
import { createPgliteDb, loadEmbeddedSnapshot } from '@bodymetrics/db/pglite';
import { startEmbedded, type RunningEmbedded } from './embedded';
import { markAppliedByNewerRelease, schemaStateOf, type SchemaState } from './test-schema';

const fixture = fileURLToPath(
  new URL('../../../packages/db/fixtures/upgrade/schema-2026-11-23T1250/', import.meta.url),
);

/** What the earlier release answered for the fixture's day (drive-traffic.mjs wrote it). */
interface Expected {
  day: string;
  timeZone: string;
  revenueCurrency: string;
  /** The overview's figures of the day (its `period`), under the catalogue's names. */
  figures: Record<string, number | string>;
  /** Each tab's answer for the day, by the route's path. */
  tabs: Record<string, unknown>;
}

let root: string;
let running: RunningEmbedded | undefined;
let expected: Expected;
let migrationsBefore: number;

beforeAll(async () => {
  expected = JSON.parse(await readFile(join(fixture, 'expected-figures.json'), 'utf8')) as Expected;
  root = await mkdtemp(join(tmpdir(), 'bm-upgrade-'));
  const dataDir = join(root, 'pgdata');
  ({ migrations: migrationsBefore } = await loadEmbeddedSnapshot(dataDir, join(fixture, 'snapshot.sql.gz')));
  // The earlier release's folder as it was, for the newer release to have been at (below).
  await cp(dataDir, join(root, 'newer'), { recursive: true });
  running = await startEmbedded({
    port: 0,
    dataDir,
    mailDir: join(root, 'mail'),
    timeZone: expected.timeZone,
    revenueCurrency: expected.revenueCurrency,
    // The fixture's day stays whole however long after it the test runs (Recent Activity reads raw clicks).
    retentionDays: 100 * 366,
    log: () => undefined,
  });
});

afterAll(async () => {
  await running?.close();
  await rm(root, { recursive: true, force: true });
});

function current(): RunningEmbedded {
  if (!running) throw new Error('the embedded system did not start');
  return running;
}

/** A JSON answer's shape: dates as ISO text, as the routes send them. */
const asAnswered = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * Fields of a tab's rows whose value changed on purpose, by the route's path: not figures but the rows'
 * keys — a funnel row's id is its day as a number since the funnel is stored by step.
 */
const rekeyed: Record<string, readonly string[]> = { '/api/journey/funnel-stats': ['id'] };
const withoutKeys = (answer: unknown, keys: readonly string[] = []): unknown =>
  Array.isArray(answer)
    ? answer.map((row: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(row).filter(([field]) => !keys.includes(field))),
      )
    : answer;

describe('a data folder of an earlier release, opened by this one', () => {
  it('is migrated forward at start: its migration list is this release’s', async () => {
    expect(migrationsBefore).toBeGreaterThan(0);
    expect(migrationsBefore).toBeLessThan(migrationNames.length);
    expect((await schemaStateOf(current().db)).migrations).toEqual([...migrationNames]);
  });

  it('reads every figure of the catalogue the earlier release answered, for its day, the same', async () => {
    const figures = await readFigures(current().db, { from: expected.day, to: expected.day });
    const answered = figureNames.filter((name) => name in expected.figures);
    // The catalogue's figures then; a figure added since (returningPercentage) has no answer to compare.
    expect(answered).toEqual(figureNames.filter((name) => name !== 'returningPercentage'));
    expect(Object.fromEntries(answered.map((name) => [name, figures[name]]))).toEqual(
      Object.fromEntries(answered.map((name) => [name, expected.figures[name]])),
    );
    // A day of real traffic, not an empty one that reads the same in any release.
    expect(figures.visitors).toBeGreaterThan(0);
    expect(figures.revenue).toBeGreaterThan(0);
  });

  it('reads every tab the earlier release answered, for its day, with the same rows', async () => {
    const period = { timeZone: expected.timeZone, from: expected.day, to: expected.day };
    const reads = Object.entries(tabReadsOf(expected.revenueCurrency)).map(
      ([name, read]) => [analyticsRoutes[name as keyof typeof analyticsRoutes].path, read] as const,
    );
    // Every tab this release reads was recorded then, and every tab recorded is read now.
    expect(reads.map(([path]) => path).sort()).toEqual(Object.keys(expected.tabs).sort());
    for (const [path, read] of reads) {
      const rows = asAnswered(await read(current().db, period));
      // Field by field as recorded: rows in the same order, each with the recorded fields' values.
      expect(withoutKeys(rows, rekeyed[path]), path).toMatchObject(
        withoutKeys(expected.tabs[path], rekeyed[path]) as object,
      );
      expect(rows, path).not.toEqual(Array.isArray(rows) ? [] : {});
    }
  });
});

describe('a data folder a newer release has been at', () => {
  const newer = '2099-01-01T0000_from_a_newer_release';

  it('is refused at start, saying what to do, before anything in it changes', async () => {
    const dataDir = join(root, 'newer');
    const pglite = await createPgliteDb(dataDir);
    let before: SchemaState;
    try {
      await markAppliedByNewerRelease(pglite.db, newer);
      before = await schemaStateOf(pglite.db);
    } finally {
      await pglite.close();
    }

    const start = startEmbedded({
      port: 0,
      dataDir,
      mailDir: join(root, 'mail-newer'),
      log: () => undefined,
    });
    await expect(start).rejects.toThrow(NewerReleaseDatabaseError);
    await expect(start).rejects.toThrow(
      `This database was written by a newer BodyMetrics release (migration ${newer} unknown to this one); ` +
        'run that release or restore a backup made by this one.',
    );

    // The earlier release's migrations this one would have applied were not: the refusal came first.
    const reopened = await createPgliteDb(dataDir);
    try {
      const after = await schemaStateOf(reopened.db);
      expect(after).toEqual(before);
      expect(after.migrations).toHaveLength(migrationsBefore + 1);
    } finally {
      await reopened.close();
    }
  });
});
