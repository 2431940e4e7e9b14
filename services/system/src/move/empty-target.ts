// The move only fills an empty database, so it can never mix the embedded data into data already counted
// in PostgreSQL (two installations' dashboards added together) nor overwrite anything. Empty means: no
// table of its schema holds a row. A database migrated but never used (created by `npm run migrate`, or
// left by a move that was rolled back) is empty too, as long as its migrations are ones this version
// knows: the move then migrates it the rest of the way.
import { sql, type Kysely } from 'kysely';
import { migrationNames } from '@bodymetrics/db';
import { migratorTables } from './moved-rows';
import { MoveRefusedError } from './move-refused';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database the operator names
type AnyDb = Kysely<any>;

/** Rows counted per table at most, to name how full a table is without reading all of it. */
const countedAtMost = 1_000;

/** The tables of `target` that hold rows, with their count (capped at countedAtMost: "1000+"). */
async function filledTables(target: AnyDb): Promise<{ table: string; rows: string }[]> {
  const { rows: tables } = await sql<{ table: string }>`
    select relname as table from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and not relispartition
    order by relname
  `.execute(target);
  const filled: { table: string; rows: string }[] = [];
  for (const { table } of tables) {
    if (migratorTables.has(table)) continue;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from ${sql.table(table)} limit ${countedAtMost + 1}) t
    `.execute(target);
    const n = rows[0]?.n ?? 0;
    if (n > 0) filled.push({ table, rows: n > countedAtMost ? `${countedAtMost}+` : String(n) });
  }
  return filled;
}

/** Migrations recorded in `target` that this version does not have (a newer version migrated it). */
async function unknownMigrations(target: AnyDb): Promise<string[]> {
  const { rows } = await sql<{
    found: string | null;
  }>`select to_regclass('kysely_migration')::text as found`.execute(target);
  if (!rows[0]?.found) return [];
  const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    target,
  );
  return applied.rows.map((r) => r.name).filter((name) => !migrationNames.includes(name));
}

/** Refuses (MoveRefusedError, naming what is there) a target that is not empty; reads only. */
export async function refuseUnlessEmpty(target: AnyDb, targetName: string): Promise<void> {
  const [filled, unknown] = await Promise.all([filledTables(target), unknownMigrations(target)]);
  if (unknown.length)
    throw new MoveRefusedError(
      `${targetName} was migrated by a newer version of BodyMetrics (${unknown.join(', ')}): ` +
        'move with that version, or into a new empty database.',
    );
  if (filled.length)
    throw new MoveRefusedError(
      `${targetName} is not empty — ${filled.map((f) => `${f.table} (${f.rows} rows)`).join(', ')}. ` +
        'The move only fills an empty database, so nothing was changed: name a new database ' +
        '(the move creates it), or empty this one first if its data is not needed.',
    );
}
