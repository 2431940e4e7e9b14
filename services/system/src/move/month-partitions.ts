// The raw event tables keep each calendar month in a partition of its own (packages/db month-partitions.ts);
// the target's migration makes only this month's and the next ones. Before the rows arrive, the target gets
// a partition for every month the embedded database holds raw rows of — its month partitions, and the months
// of rows its DEFAULT partition took in — so the copied rows land each in its month, and retention can
// drop an old month whole there as it did here.
import { sql, type Kysely } from 'kysely';
import {
  createMonthPartition,
  defaultPartitionName,
  monthPartitionName,
  monthPartitionsOf,
  partitionedRawTables,
  rawEventTimeColumns,
  type PartitionedRawTable,
} from '@bodymetrics/db';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both databases, through the catalogue
type AnyDb = Kysely<any>;

/** The first instants (UTC) of the months `table` holds raw rows of, or has a partition for, in `db`. */
async function monthsOf(db: AnyDb, table: PartitionedRawTable): Promise<Date[]> {
  const column = rawEventTimeColumns[table];
  const [partitions, strays] = await Promise.all([
    monthPartitionsOf(db, table),
    sql<{ month: Date }>`
      select distinct date_trunc('month', ${sql.ref(column)}, 'UTC') as month
      from ${sql.table(defaultPartitionName(table))}
    `.execute(db),
  ]);
  const months = new Map<number, Date>();
  for (const at of [...partitions.map((p) => p.from), ...strays.rows.map((r) => new Date(r.month))])
    months.set(at.getTime(), at);
  return [...months.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** Creates in `target` the month partitions of every month `source` has; answers the names created. */
export async function createMonthPartitionsLike(source: AnyDb, target: AnyDb): Promise<string[]> {
  const created: string[] = [];
  for (const table of partitionedRawTables)
    for (const month of await monthsOf(source, table))
      if (await createMonthPartition(target, table, month)) created.push(monthPartitionName(table, month));
  return created;
}
