// Rows are copied with their ids (offers, admins, reports… keep their numbers, and what refers to them
// stays right), which leaves each identity sequence of the target where the migration left it. Each is set
// so the next row gets an id past every moved one — and past the embedded database's own next id when that
// is further on (rows deleted at the end), so no id is handed out twice across the two.
import { sql, type Kysely } from 'kysely';
import type { TableShape } from './schema-catalog';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both databases, through the catalogue
type AnyDb = Kysely<any>;

/** Sets every identity sequence of `tables` in `target`; answers how many. */
export async function setIdentitySequences(
  source: AnyDb,
  target: AnyDb,
  tables: readonly TableShape[],
): Promise<number> {
  let set = 0;
  for (const table of tables)
    for (const column of table.columns) {
      if (!column.sequence) continue;
      const used = await sql<{ last: string | null }>`
        select pg_sequence_last_value(${column.sequence}::regclass)::text as last
      `.execute(source);
      const sourceLast = Number(used.rows[0]?.last ?? 0);
      await sql`
        select setval(${column.sequence}::regclass, greatest(coalesce(max(${sql.ref(column.name)}), 0), ${sourceLast}, 1),
          greatest(coalesce(max(${sql.ref(column.name)}), 0), ${sourceLast}) > 0)
        from ${sql.table(table.name)}
      `.execute(target);
      set++;
    }
  return set;
}
