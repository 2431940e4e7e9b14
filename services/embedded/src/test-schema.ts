// What a start could change in a database, for the tests that show a refused start changed nothing: the
// migrations applied, and every table's columns.
import { sql } from 'kysely';
import type { Db } from '@bodymetrics/db';

export interface SchemaState {
  migrations: string[];
  /** `table.column`, every table of the public schema. */
  columns: string[];
}

export async function schemaStateOf(db: Db): Promise<SchemaState> {
  const { rows: migrations } = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);
  const { rows: columns } = await sql<{ column: string }>`
    select table_name || '.' || column_name as column from information_schema.columns
    where table_schema = 'public' order by 1`.execute(db);
  return { migrations: migrations.map((r) => r.name), columns: columns.map((r) => r.column) };
}

/** Records `name` as applied, as a newer release that ran its migration `name` leaves the database. */
export async function markAppliedByNewerRelease(db: Db, name: string): Promise<void> {
  await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
    db,
  );
}
