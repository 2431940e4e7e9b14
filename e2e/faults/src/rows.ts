// Counting what landed in the test database.
import { sql } from 'kysely';
import type { Db } from '@bodymetrics/db';

export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Sum of a column over all rows (0 for an empty table). */
export async function sumColumn(db: Db, table: string, column: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select coalesce(sum(${sql.ref(column)}), 0)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** How many raw rows each visitor has in a table. */
export async function rowsPerVisitor(db: Db, table: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ visitor_id: string; n: number }>`
    select visitor_id, count(*)::int as n from ${sql.table(table)} group by visitor_id`.execute(db);
  return new Map(rows.map((r) => [r.visitor_id, r.n]));
}
