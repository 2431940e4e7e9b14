// The move from the embedded mode (PGlite in a folder) to the distributed mode's PostgreSQL, step by step:
// the folder locked (the server must be stopped), the target created if missing and refused unless empty,
// migrated by the normal migrator, given a partition for every month of raw events, then — in ONE
// transaction — every table copied in dependency order, the identity sequences set, and the copy checked
// from inside that transaction: the row counts, and the dashboard read from both databases. The transaction
// commits only when everything reads the same; otherwise it rolls back and the target is left migrated and
// empty, which a second run accepts as empty (docs/operating.md, "Move to the distributed mode").
import type { Kysely, RawBuilder } from 'kysely';
import { createDb, ensureDatabase, migrateToLatest, type Database } from '@bodymetrics/db';
import { compareDashboard, type DashboardComparison } from './compare-dashboard';
import { compareRowCounts } from './compare-row-counts';
import { copyTable } from './copy-table';
import { openEmbeddedSource } from './embedded-source';
import { refuseUnlessEmpty } from './empty-target';
import { setIdentitySequences } from './identity-sequences';
import { createMonthPartitionsLike } from './month-partitions';
import { MoveMismatchError } from './move-refused';
import { endedRowsLeftBehind, migratorTables, movedRowsOf } from './moved-rows';
import { readTables, type TableShape } from './schema-catalog';

export interface MoveOptions {
  /** The embedded mode's PGlite folder (DATA_DIR). */
  from: string;
  /** The PostgreSQL connection URL of the target database (created when missing). */
  to: string;
  /** Rows read and written at a time. */
  batchRows: number;
  /** Progress lines for the operator. */
  log: (line: string) => void;
}

export interface MoveSummary {
  target: string;
  createdDatabase: boolean;
  migrations: string[];
  partitions: string[];
  tables: { name: string; rows: number }[];
  rows: number;
  /** Ended admin sessions and rate-limit windows not moved (moved-rows.ts). */
  leftBehind: { table: string; rows: number }[];
  sequences: number;
  comparison: DashboardComparison;
  seconds: number;
}

/** Rows between two progress lines of one table. */
const progressEvery = 100_000;

/** The target's URL as it is safe to print: without its password. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(the given URL)';
  }
}

export const countText = (n: number): string => n.toLocaleString('en-US');

/** Both databases must have the same tables and columns (both are at this version's migrations). */
function assertSameTables(embedded: readonly TableShape[], postgres: readonly TableShape[]): void {
  const columnsOf = (t: TableShape | undefined) =>
    (t?.columns ?? [])
      .map((c) => `${c.name} ${c.type}`)
      .sort()
      .join(', ');
  const byName = new Map(postgres.map((t) => [t.name, t]));
  for (const table of embedded)
    if (columnsOf(table) !== columnsOf(byName.get(table.name)))
      throw new Error(
        `${table.name} differs between the embedded database (${columnsOf(table)}) and the target ` +
          `(${columnsOf(byName.get(table.name)) || 'no such table'}) after both were migrated`,
      );
}

/** Copies every table in dependency order into `target` (a transaction); answers the rows per table. */
async function copyTables(
  embedded: Kysely<Database>,
  target: Kysely<Database>,
  tables: readonly TableShape[],
  options: MoveOptions,
  movedRows: (table: string) => RawBuilder<boolean>,
): Promise<{ name: string; rows: number }[]> {
  const copied: { name: string; rows: number }[] = [];
  for (const table of tables) {
    let shown = 0;
    const rows = await copyTable(embedded, target, table, {
      batchRows: options.batchRows,
      movedRows: movedRows(table.name),
      progress: (soFar) => {
        if (soFar - shown < progressEvery) return;
        shown = soFar;
        options.log(`  ${table.name}: ${countText(soFar)} rows so far`);
      },
    });
    options.log(`  ${table.name}: ${countText(rows)} ${rows === 1 ? 'row' : 'rows'}`);
    copied.push({ name: table.name, rows });
  }
  return copied;
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveSummary> {
  const started = performance.now();
  // One instant decides which rows are already dead, for the copy and for the counts compared after it.
  const at = new Date();
  const movedRows = (table: string) => movedRowsOf(table, at);
  const target = shownUrl(options.to);
  const embedded = await openEmbeddedSource(options.from);
  try {
    const createdDatabase = await ensureDatabase(options.to);
    const postgres = createDb({ connectionString: options.to, max: 2 });
    try {
      await refuseUnlessEmpty(postgres, target);
      const migrations = await migrateToLatest(postgres);
      options.log(`target: ${createdDatabase ? 'created, ' : ''}${migrations.length} migrations applied`);
      const tables = (await readTables(embedded.db)).filter((t) => !migratorTables.has(t.name));
      assertSameTables(tables, await readTables(postgres));
      const partitions = await createMonthPartitionsLike(embedded.db, postgres);
      if (partitions.length) options.log(`target: ${partitions.length} month partitions of raw events made`);

      options.log(`copying ${tables.length} tables (one transaction):`);
      const moved = await postgres.transaction().execute(async (trx) => {
        const copied = await copyTables(embedded.db, trx, tables, options, movedRows);
        const sequences = await setIdentitySequences(embedded.db, trx, tables);
        options.log('comparing row counts, every figure on every day, and every tab…');
        const counts = await compareRowCounts(embedded.db, trx, tables, movedRows);
        const comparison = await compareDashboard(embedded.db, trx, tables);
        const differences = [...counts, ...comparison.differences];
        if (differences.length) throw new MoveMismatchError(differences);
        return { copied, sequences, comparison };
      });
      return {
        target,
        createdDatabase,
        migrations,
        partitions,
        tables: moved.copied,
        rows: moved.copied.reduce((sum, t) => sum + t.rows, 0),
        leftBehind: await endedRowsLeftBehind(embedded.db, at),
        sequences: moved.sequences,
        comparison: moved.comparison,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await postgres.destroy();
    }
  } finally {
    await embedded.close();
  }
}
