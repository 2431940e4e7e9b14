// Every moved table holds as many rows in the target as the embedded database has rows to move (the dead
// rows moved-rows.ts leaves behind are not counted on either side).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Difference } from './compare-dashboard';
import type { TableShape } from './schema-catalog';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both databases, through the catalogue
type AnyDb = Kysely<any>;

const rowsIn = async (db: AnyDb, table: string, where: RawBuilder<boolean>): Promise<number> => {
  const { rows } = await sql<{
    n: string;
  }>`select count(*)::text as n from ${sql.table(table)} where ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
};

/** The tables whose counts differ, `movedRowsOf(table)` saying which embedded rows count. */
export async function compareRowCounts(
  embedded: AnyDb,
  postgres: AnyDb,
  tables: readonly TableShape[],
  movedRowsOf: (table: string) => RawBuilder<boolean>,
): Promise<Difference[]> {
  const differences: Difference[] = [];
  for (const { name } of tables) {
    const [inEmbedded, inPostgres] = await Promise.all([
      rowsIn(embedded, name, movedRowsOf(name)),
      rowsIn(postgres, name, sql<boolean>`true`),
    ]);
    if (inEmbedded !== inPostgres)
      differences.push({
        what: `rows of ${name}`,
        embedded: String(inEmbedded),
        postgres: String(inPostgres),
      });
  }
  return differences;
}
