// What of the embedded database is moved: every table's rows — raw events of every month, the daily
// aggregates, visitor sessions and summaries, offers and their history, conversions, reports, newsletter,
// contact messages, share cards, admins and their digest choices, the services' own secrets — with two kinds
// of rows left behind because they are already dead, and the migrator's bookkeeping, which the target's own
// migration run writes (docs/operating.md, "Move to the distributed mode").
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** Written by the migrator on the target itself while it migrates the empty database. */
export const migratorTables: ReadonlySet<string> = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * Rows that nothing reads again, per table, as of the move's instant `at`: a signed-in admin session that
 * ended (it is refused, and deleted at that admin's next sign-in), and a rate-limit window that ended (the
 * next call starts a fresh one). Running sessions and windows move, so an admin stays signed in and no
 * limit starts afresh because of the move. Each answers the condition a moved row meets.
 */
const liveRowConditions: Record<string, (at: Date) => RawBuilder<boolean>> = {
  admin_sessions: (at) => sql<boolean>`expires_at > ${at}`,
  rate_limit_counters: (at) => sql<boolean>`(expire is null or expire > ${at.getTime()})`,
};

/** The condition the rows of `table` that move meet, as of `at`. */
export const movedRowsOf = (table: string, at: Date): RawBuilder<boolean> =>
  liveRowConditions[table]?.(at) ?? sql<boolean>`true`;

/** The ended rows left behind, per table that has any (the summary names them). */
export async function endedRowsLeftBehind(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the embedded database, by table name
  db: Kysely<any>,
  at: Date,
): Promise<{ table: string; rows: number }[]> {
  const left: { table: string; rows: number }[] = [];
  for (const [table, live] of Object.entries(liveRowConditions)) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where not ${live(at)}
    `.execute(db);
    if (rows[0]?.n) left.push({ table, rows: rows[0].n });
  }
  return left;
}
