// The raw event tables are partitioned by calendar month (UTC) of the time tracking received each event, so
// retention drops a whole month in constant time instead of deleting rows, and an insert or a read by time
// touches one or two small partitions. Each table also has a DEFAULT partition: the safety net that takes a
// row whose month has no partition yet (the upkeep was down, a clock jumped), so an insert never fails.
// The upkeep creates this month and the next ones ahead (at the aggregator's start and daily); a month
// created later moves its rows out of the DEFAULT partition.
import { sql, type Kysely } from 'kysely';
import { advisoryLocks } from './advisory-locks';

/** Each raw event table and its time column (the event's receipt time), which is its partition key. */
export const rawEventTimeColumns = {
  page_visits: 'visited_at',
  page_leaves: 'left_at',
  session_durations: 'recorded_at',
  user_journey: 'timestamp',
  affiliate_clicks: 'clicked_at',
  offer_counter_clicks: 'clicked_at',
  form_snapshots: 'received_at',
  offer_impressions: 'shown_at',
} as const;

export type PartitionedRawTable = keyof typeof rawEventTimeColumns;
export const partitionedRawTables = Object.keys(rawEventTimeColumns) as PartitionedRawTable[];

/**
 * A raw table's unique key, and so the target of every raw insert's ON CONFLICT: Postgres requires a
 * partitioned table's unique key to hold its partition key, so the event id alone cannot be it. This key
 * makes a redelivered message (same envelope, same receipt time) insert nothing; a client's retry of a
 * call (same event id, another receipt time) is recognised apart, before the insert (see the aggregator's
 * insertFreshRows).
 */
export const rawEventKeyOf = <T extends PartitionedRawTable>(
  table: T,
): readonly ['event_id', (typeof rawEventTimeColumns)[T]] => ['event_id', rawEventTimeColumns[table]];

/** Months created ahead of the current one, so the next month's first insert finds its partition. */
export const monthsAhead = 2;

/** The first instant (UTC) of the month `at` falls in, `offset` months later. */
export const monthStartOf = (at: Date, offset = 0): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));

export const monthPartitionName = (table: PartitionedRawTable, month: Date): string =>
  `${table}_p${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

export const defaultPartitionName = (table: PartitionedRawTable): string => `${table}_default`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs on any schema (migrations too)
type AnyDb = Kysely<any>;

/** pg_advisory_xact_lock key: aggregators starting together create each month once. */
const partitionUpkeepLockKey = advisoryLocks.partitionUpkeep;

export interface MonthPartition {
  name: string;
  /** Inclusive lower bound. */
  from: Date;
  /** Exclusive upper bound. */
  to: Date;
}

/** The month partitions of a raw table (not its DEFAULT partition), oldest first. */
export async function monthPartitionsOf(db: AnyDb, table: PartitionedRawTable): Promise<MonthPartition[]> {
  const result = await sql<{ name: string; from: Date; to: Date }>`
    select c.relname as name, b.m[1]::timestamptz as "from", b.m[2]::timestamptz as "to"
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    cross join lateral (
      select regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') as m
    ) b
    where i.inhparent = to_regclass(${table}) and b.m is not null
    order by 2
  `.execute(db);
  return result.rows.map((r) => ({ name: r.name, from: new Date(r.from), to: new Date(r.to) }));
}

/**
 * Creates the partition of `month` (its first instant, UTC) unless it exists, taking the month's rows out of
 * the DEFAULT partition: the partition is built apart, filled, then attached (ATTACH locks the table less
 * than CREATE … PARTITION OF, so inserts carry on). Answers whether it created the partition.
 */
export async function createMonthPartition(
  db: AnyDb,
  table: PartitionedRawTable,
  month: Date,
): Promise<boolean> {
  const from = monthStartOf(month);
  const to = monthStartOf(from, 1);
  const name = monthPartitionName(table, from);
  const column = rawEventTimeColumns[table];
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${partitionUpkeepLockKey})`.execute(trx);
    const exists = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(
      trx,
    );
    if (exists.rows[0]?.found) return false;
    await sql`create table ${sql.table(name)} (like ${sql.table(table)} including defaults)`.execute(trx);
    await sql`
      with moved as (
        delete from ${sql.table(defaultPartitionName(table))}
        where ${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to}
        returning *
      )
      insert into ${sql.table(name)} select * from moved
    `.execute(trx);
    await sql`
      alter table ${sql.table(table)} attach partition ${sql.table(name)}
      for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})
    `.execute(trx);
    return true;
  });
}

/** Makes sure every raw table has the partitions of the current month and `monthsAhead` months after it. */
export async function ensureMonthPartitions(db: AnyDb, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  for (const table of partitionedRawTables) {
    for (let offset = 0; offset <= monthsAhead; offset++) {
      const month = monthStartOf(now, offset);
      if (await createMonthPartition(db, table, month)) created.push(monthPartitionName(table, month));
    }
  }
  return created;
}
