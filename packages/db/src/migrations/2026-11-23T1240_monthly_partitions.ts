// The raw event tables become partitioned by month of their time column (month-partitions.ts),
// with a DEFAULT partition as the safety net. The rows already stored are copied into the new table inside
// this migration's transaction (a failure leaves the old table as it was): each table is renamed aside,
// the partitioned table is made with the same columns, key-free indexes and names, its partitions from the
// oldest stored month to `monthsAhead` months after this one, the rows copied, the old table dropped.
//
// The key becomes (event_id, time column): a partitioned table's unique key must hold the partition key.
// The old key (event_id) is unique, so every stored row fits the new one.
import { sql, type Kysely } from 'kysely';
import {
  defaultPartitionName,
  monthPartitionName,
  monthsAhead,
  monthStartOf,
  partitionedRawTables,
  rawEventTimeColumns,
  type PartitionedRawTable,
} from '../month-partitions';

/** Each raw table's indexes besides its key, as they were (the same names and columns after). */
const indexesOf: Record<PartitionedRawTable, { name: string; columns: string }[]> = {
  page_visits: [
    { name: 'page_visits_visited_at_idx', columns: 'visited_at' },
    { name: 'page_visits_visitor_idx', columns: 'visitor_id, visited_at' },
  ],
  page_leaves: [{ name: 'page_leaves_left_at_idx', columns: 'left_at' }],
  session_durations: [{ name: 'session_durations_recorded_at_idx', columns: 'recorded_at' }],
  user_journey: [
    { name: 'user_journey_timestamp_idx', columns: '"timestamp"' },
    { name: 'user_journey_visitor_idx', columns: 'visitor_id, "timestamp"' },
  ],
  affiliate_clicks: [
    { name: 'affiliate_clicks_clicked_at_idx', columns: 'clicked_at DESC' },
    { name: 'affiliate_clicks_offer_idx', columns: 'offer_id, clicked_at DESC' },
    // Was unique (T1210); a partitioned table's unique key must hold its partition key, so the postback's
    // look-up by click id keeps an index, and the earliest click of an id is the one a conversion joins.
    { name: 'affiliate_clicks_click_id_idx', columns: 'click_id' },
  ],
  offer_counter_clicks: [{ name: 'offer_counter_clicks_clicked_at_idx', columns: 'clicked_at' }],
  form_snapshots: [{ name: 'form_snapshots_received_at_idx', columns: 'received_at' }],
  offer_impressions: [{ name: 'offer_impressions_shown_at_idx', columns: 'shown_at' }],
};

/** Drops the key and indexes of a table set aside, whose names the new table takes. */
async function dropKeyAndIndexes(db: Kysely<unknown>, table: string, key: string): Promise<void> {
  await sql`alter table ${sql.table(table)} drop constraint ${sql.id(key)}`.execute(db);
  const indexes = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}
  `.execute(db);
  for (const { indexname } of indexes.rows) await sql`drop index ${sql.id(indexname)}`.execute(db);
}

async function createIndexes(db: Kysely<unknown>, table: PartitionedRawTable, key: string): Promise<void> {
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_pkey`)} primary key (${sql.raw(key)})`.execute(
    db,
  );
  for (const { name, columns } of indexesOf[table])
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.raw(columns)})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date();
  for (const table of partitionedRawTables) {
    const column = rawEventTimeColumns[table];
    const aside = `${table}_unpartitioned`;
    await sql`alter table ${sql.table(table)} rename to ${sql.id(aside)}`.execute(db);
    await dropKeyAndIndexes(db, aside, `${table}_pkey`);
    await sql`
      create table ${sql.table(table)} (like ${sql.table(aside)} including defaults)
      partition by range (${sql.ref(column)})
    `.execute(db);
    await createIndexes(db, table, `event_id, "${column}"`);
    await sql`create table ${sql.table(defaultPartitionName(table))} partition of ${sql.table(table)} default`.execute(
      db,
    );
    const oldest = await sql<{
      at: Date | null;
    }>`select min(${sql.ref(column)}) as at from ${sql.table(aside)}`.execute(db);
    const first = monthStartOf(oldest.rows[0]?.at ? new Date(oldest.rows[0].at) : now);
    const last = monthStartOf(now, monthsAhead);
    for (let month = first; month <= last; month = monthStartOf(month, 1)) {
      await sql`
        create table ${sql.table(monthPartitionName(table, month))} partition of ${sql.table(table)}
        for values from (${sql.lit(month.toISOString())}) to (${sql.lit(monthStartOf(month, 1).toISOString())})
      `.execute(db);
    }
    await sql`insert into ${sql.table(table)} select * from ${sql.table(aside)}`.execute(db);
    await sql`drop table ${sql.table(aside)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of partitionedRawTables) {
    const column = rawEventTimeColumns[table];
    const aside = `${table}_partitioned`;
    await sql`alter table ${sql.table(table)} rename to ${sql.id(aside)}`.execute(db);
    await sql`create table ${sql.table(table)} (like ${sql.table(aside)} including defaults)`.execute(db);
    // The event id alone is the key again: of two rows of one id (a client's retry stored twice, which the
    // aggregator does not do) the first received stays.
    await sql`
      insert into ${sql.table(table)}
      select distinct on (event_id) * from ${sql.table(aside)} order by event_id, ${sql.ref(column)}
    `.execute(db);
    await sql`drop table ${sql.table(aside)}`.execute(db);
    await createIndexes(db, table, 'event_id');
  }
}
