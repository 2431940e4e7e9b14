// The migration that names the form snapshot's raw table after it (2026-11-23T1000_form_snapshots), against
// a real Postgres: the database is taken back to the migration before it, a snapshot is stored under the
// old name, and migrating again keeps it under the new one; rolling back gives it back to the old name.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';

const eventId = '0193a5c0-0000-7000-8000-000000000001';
const before = '2026-11-23T0900_unique_clicks';

const tablesNamed = async (db: Parameters<typeof migrateTo>[0], ...names: string[]) =>
  (
    await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = current_schema() and table_name = any(${names}) order by table_name`.execute(db)
  ).rows.map((r) => r.table_name);

describe('renaming form_sessions to form_snapshots', () => {
  it.beforeAll(async ({ database }) => {
    const db = database.db;
    await migrateTo(db, before);
    await sql`insert into form_sessions (event_id, visitor_id, session_id, form_data, client_timestamp, received_at)
      values (${eventId}, 'v-1', 's-1', ${JSON.stringify({ age: 30, weight: 180 })}, '1763700000000',
        '2026-11-22T10:00:00Z')`.execute(db);
    await migrateToLatest(db);
  });

  it('keeps every stored snapshot under the new name, with its key and index', async ({ database }) => {
    const db = database.db;
    expect(await tablesNamed(db, 'form_sessions', 'form_snapshots')).toEqual(['form_snapshots']);
    const rows = await db
      .selectFrom('form_snapshots')
      .select(['event_id', 'visitor_id', 'form_data'])
      .execute();
    expect(rows).toEqual([{ event_id: eventId, visitor_id: 'v-1', form_data: { age: 30, weight: 180 } }]);
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'form_snapshots' order by indexname`.execute(db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'form_snapshots_pkey',
      'form_snapshots_received_at_idx',
    ]);
  });

  it('gives the table back its old name when the release is rolled back', async ({ database }) => {
    const db = database.db;
    await migrateTo(db, before);
    expect(await tablesNamed(db, 'form_sessions', 'form_snapshots')).toEqual(['form_sessions']);
    const count = await sql<{ n: number }>`select count(*)::int as n from form_sessions`.execute(db);
    expect(count.rows[0]?.n).toBe(1);
    await migrateToLatest(db);
  });
});
