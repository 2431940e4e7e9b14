// Bulk statements the appliers share. Every aggregate moves by an increment computed for the whole
// batch, in one multi-row upsert; rows are merged by key first (Postgres refuses to update the same
// row twice in one statement) and sorted (so concurrent aggregators lock rows in the same order).
// Within a batch's transaction (withIncrementsAtCommit) the increments are kept until the appliers are done
// and written last: a day's row (daily_visits, daily_bot_events, …) is one row every batch moves, and its
// lock, taken at the first upsert, is held to the commit — written last, two batches applied at once
// overlap all their other work instead of the second waiting on the first's whole transaction.
import { sql, type Insertable, type InsertType, type Transaction } from 'kysely';
import { rawEventKeyOf, rawEventTimeColumns, type Database, type PartitionedRawTable } from '@bodymetrics/db';
import type pg from 'pg';
import { rawColumnTypes, type ArrayElementType } from './raw-columns';
import { copyRows } from './raw-copy';

export type Trx = Transaction<Database>;

/** Postgres takes at most 65535 parameters per statement; inserts go in slices well under that. */
export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `select * from unnest($1::date[], $2::text[], …)`: rows as one typed array per column, for
 * `insertInto(t).columns([…]).expression(unnestRows(…))` with the columns in the same order. A short statement
 * whatever the rows: a multi-row VALUES costs a parameter per cell to build, send and plan, which Postgres pays
 * again for every batch (docs/performance.md).
 */
export const unnestRows = <R>(
  rows: readonly R[],
  columns: readonly (readonly [ArrayElementType, (row: R) => unknown])[],
) =>
  sql`select * from unnest(${sql.join(columns.map(([type, cell]) => sql`${rows.map(cell)}::${sql.raw(type)}[]`))})`;

/**
 * The raw tables: one row per event, keyed by the event's id and time (the idempotency key of the whole
 * batch), partitioned by month of that time (@bodymetrics/db month-partitions.ts).
 */
export type RawTable = PartitionedRawTable;

/** Rows per raw insert: one array per column, so the statement's size does not grow with it. */
const rawSliceRows = 5000;

/**
 * The pg client of each batch's transaction, where it has one (transactionWithClient of @bodymetrics/db):
 * raw rows then go in by COPY (raw-copy.ts). PGlite's transaction has none and inserts them.
 */
const copyClients = new WeakMap<Trx, pg.ClientBase>();

/** Runs `apply` with `trx`'s raw rows copied through `client`, the connection `trx` runs on. */
export async function withCopyClient<R>(
  trx: Trx,
  client: pg.ClientBase | undefined,
  apply: () => Promise<R>,
): Promise<R> {
  if (!client) return apply();
  copyClients.set(trx, client);
  try {
    return await apply();
  } finally {
    copyClients.delete(trx);
  }
}

/**
 * How far apart two deliveries of one event id may have been received and still count once: a client's
 * retry of a call carries the call's eventId but gets its own receipt time, which may fall in another
 * month (another partition) than the first delivery's. The tracker retries within seconds; a week is also
 * what Kafka keeps a message, so no redelivery can come later than that either.
 */
export const retryWindowMs = 7 * 24 * 60 * 60 * 1000;

/** A raw row's cell by column name (the row types differ per table; the key columns are in all). */
const cellOf = (row: object, column: string): unknown => (row as Record<string, unknown>)[column];
const eventIdOf = (row: object): string => String(cellOf(row, 'event_id')).toLowerCase();

/** The ids among `slice` already stored in `table` within the retry window of the slice's times. */
async function storedEventIds<T extends RawTable>(
  trx: Trx,
  table: T,
  slice: Insertable<Database[T]>[],
): Promise<Set<string>> {
  const column = rawEventTimeColumns[table];
  const times = slice.map((row) => new Date(cellOf(row, column) as Date | string).getTime());
  // The time bounds let Postgres prune to the one or two month partitions they cover. Each id is one descent
  // of the partition's (event_id, time) key: a lateral look-up with a limit is always a nested loop, where
  // `event_id = any(…)` or a join let the planner read the whole window of the partition instead (a hash
  // join or a walk of the time index: a week of rows for a slice of ids, measured by the drain benchmark).
  const stored = await sql<{ event_id: string }>`
    select ids.event_id from unnest(${slice.map(eventIdOf)}::uuid[]) as ids(event_id)
    cross join lateral (
      select 1 from ${sql.table(table)} as t
      where t.event_id = ids.event_id
        and ${sql.ref(`t.${column}`)} >= ${new Date(Math.min(...times) - retryWindowMs)}
        and ${sql.ref(`t.${column}`)} <= ${new Date(Math.max(...times) + retryWindowMs)}
      limit 1
    ) as found
  `.execute(trx);
  return new Set(stored.rows.map((r) => r.event_id.toLowerCase()));
}

/**
 * Inserts a batch's raw rows, in slices, and answers the ids of the rows that were new: only those events
 * move an aggregate, so a redelivered batch or a client's retry counts nothing twice. Two steps, because a
 * partitioned table cannot be unique on the event id alone (month-partitions.ts): rows whose id is already
 * stored within the retry window are left out first (a client's retry: same id, another receipt time), then
 * the rest go in with ON CONFLICT on the table's key (rawEventKeyOf: a redelivered message, same id and
 * same time, including one applied concurrently by another transaction). Two deliveries of one call have
 * the same payload, so the same Kafka key and partition: one consumer applies them in order, and the second
 * always sees the first. The batch holds each id once (aggregator.ts firstOfEachId).
 *
 * On a connection of node-postgres (the distributed mode) the unseen rows of a slice go in by COPY
 * (raw-copy.ts), all of them new: what another transaction stores meanwhile fails the copy, and the batch is
 * retried. Elsewhere (PGlite) each slice is one `INSERT … SELECT FROM unnest($1::uuid[], $2::text[], …) ON
 * CONFLICT DO NOTHING RETURNING event_id`: one array per column (typed in raw-columns.ts) instead of one
 * parameter per cell. A table with an array column (offer_impressions' offer_ids: unnest cannot carry ragged
 * arrays) goes in as multi-row VALUES.
 */
export async function insertFreshRows<T extends RawTable>(
  trx: Trx,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<Set<string>> {
  const fresh = new Set<string>();
  const [first] = rows;
  if (!first) return fresh;
  const types = (rawColumnTypes as Partial<Record<RawTable, Readonly<Record<string, ArrayElementType>>>>)[
    table
  ];
  // Every mapper of raw-rows.ts writes the same keys for each row; a value left undefined is stored as null.
  const columns = Object.keys(first);
  if (types)
    for (const c of columns) if (!types[c]) throw new Error(`${table}.${c} has no type in raw-columns.ts`);
  const key = rawEventKeyOf(table);
  for (const slice of chunks(rows, rawSliceRows)) {
    const stored = await storedEventIds(trx, table, slice);
    const unseen = stored.size ? slice.filter((r) => !stored.has(eventIdOf(r))) : slice;
    if (!unseen.length) continue;
    const client = copyClients.get(trx);
    if (client && types) {
      await copyRows(client, table, columns, types, unseen);
      for (const r of unseen) fresh.add(eventIdOf(r));
      continue;
    }
    const inserted = types
      ? (
          await sql<{ event_id: string }>`
            insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
            ${unnestRows(
              unseen,
              columns.map(
                (c) => [types[c] as ArrayElementType, (r: object) => cellOf(r, c) ?? null] as const,
              ),
            )}
            on conflict (${sql.join(key.map((c) => sql.id(c)))}) do nothing
            returning event_id
          `.execute(trx)
        ).rows
      : await trx
          .insertInto(table)
          .values(unseen)
          .onConflict((oc) => oc.columns([...key] as never).doNothing())
          .returning('event_id')
          .execute();
    for (const r of inserted) fresh.add(r.event_id);
  }
  return fresh;
}

type Column<T extends keyof Database> = keyof Database[T] & string;
type Written<T extends keyof Database, C extends Column<T>> = Exclude<InsertType<Database[T][C]>, undefined>;

/** Columns a row is found by: written as a string or a number (a date, an id, a name). */
export type KeyColumn<T extends keyof Database> = {
  [C in Column<T>]: Written<T, C> extends string | number ? C : never;
}[Column<T>];
/** Columns an increment adds to: written as a number. */
export type CounterColumn<T extends keyof Database> = {
  [C in Column<T>]: number extends Written<T, C> ? C : never;
}[Column<T>];

export interface IncrementSpec<
  T extends keyof Database,
  K extends KeyColumn<T>,
  C extends CounterColumn<T>,
  G extends Column<T> = never,
> {
  table: T;
  keys: readonly K[];
  /** Columns added to on conflict. */
  counters: readonly C[];
  /** Columns that keep the larger value on conflict (e.g. last_clicked_at), given as strings. */
  greatest?: readonly G[];
}

/** One row of increments: its key, the counters it moves (a counter not named moves by 0), its `greatest`. */
export type IncrementRow<
  T extends keyof Database,
  K extends KeyColumn<T>,
  C extends CounterColumn<T>,
  G extends Column<T> = never,
> = { [k in K]: Written<T, k> & (string | number) } & { [c in C]?: number } & { [g in G]: string };

type Cell = string | number | undefined;

/** Merges rows with the same key (summing counters, keeping the greatest of `greatest`), then upserts. */
export async function incrementRows<
  T extends keyof Database,
  K extends KeyColumn<T>,
  C extends CounterColumn<T>,
  G extends Column<T> = never,
>(
  trx: Trx,
  spec: IncrementSpec<T, K, C, G>,
  rows: NoInfer<readonly IncrementRow<T, K, C, G>[]>,
): Promise<void> {
  const plain: PlainSpec = {
    table: spec.table,
    keys: spec.keys,
    counters: spec.counters,
    greatest: spec.greatest ?? [],
  };
  const kept = keptIncrements.get(trx);
  if (!kept) return upsertIncrements(trx, plain, rows);
  if (!rows.length) return;
  const id = JSON.stringify(plain);
  const entry = kept.get(id) ?? { spec: plain, rows: [] };
  entry.rows.push(...rows);
  kept.set(id, entry);
}

type PlainSpec = {
  table: string;
  keys: readonly string[];
  counters: readonly string[];
  greatest: readonly string[];
};

/** The increments kept for the end of a batch's transaction, by their spec. */
const keptIncrements = new WeakMap<
  Trx,
  Map<string, { spec: PlainSpec; rows: Readonly<Record<string, Cell>>[] }>
>();

/**
 * Runs `apply` with every incrementRows of `trx` kept, then writes them: each table's rows merged into one
 * upsert, the tables in name order (every aggregator takes the locks in one order). The appliers never read
 * an aggregate they increment, so writing it last changes no figure, only how long its rows stay locked.
 */
export async function withIncrementsAtCommit<R>(trx: Trx, apply: () => Promise<R>): Promise<R> {
  const kept = new Map<string, { spec: PlainSpec; rows: Readonly<Record<string, Cell>>[] }>();
  keptIncrements.set(trx, kept);
  try {
    const result = await apply();
    keptIncrements.delete(trx);
    const inOrder = [...kept.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, { spec, rows }] of inOrder) await upsertIncrements(trx, spec, rows);
    return result;
  } finally {
    keptIncrements.delete(trx);
  }
}

async function upsertIncrements(
  trx: Trx,
  spec: PlainSpec,
  rows: readonly Readonly<Record<string, Cell>>[],
): Promise<void> {
  if (!rows.length) return;
  const merged = new Map<string, Record<string, Cell>>();
  for (const given of rows) {
    // The key's cells joined by a control character no key holds (dates, ids, names). One row is copied per
    // key, not per increment: most increments add to a key already seen in the batch.
    const key =
      spec.keys.length === 1
        ? String(given[spec.keys[0] as string])
        : spec.keys.map((k) => String(given[k])).join('\u0001');
    const seen = merged.get(key);
    if (!seen) {
      // A counter a row does not name moves by 0, so appliers can pass rows of different figures together.
      const row: Record<string, Cell> = { ...given };
      for (const c of spec.counters) row[c] = Number(given[c] ?? 0);
      merged.set(key, row);
      continue;
    }
    for (const c of spec.counters) seen[c] = Number(seen[c]) + Number(given[c] ?? 0);
    for (const g of spec.greatest) {
      if (String(given[g]) > String(seen[g])) seen[g] = given[g];
    }
  }
  const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  const columns = [...spec.keys, ...spec.counters, ...spec.greatest];
  const updates = [
    ...spec.counters.map((c) => sql`${sql.id(c)} = ${sql.id(spec.table, c)} + excluded.${sql.id(c)}`),
    ...spec.greatest.map(
      (g) => sql`${sql.id(g)} = greatest(${sql.id(spec.table, g)}, excluded.${sql.id(g)})`,
    ),
  ];
  for (const slice of chunks(sorted, 500)) {
    await sql`
      insert into ${sql.table(spec.table)} (${sql.join(columns.map((c) => sql.id(c)))})
      values ${sql.join(slice.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`))}
      on conflict (${sql.join(spec.keys.map((k) => sql.id(k)))}) do update set ${sql.join(updates)}
    `.execute(trx);
  }
}

/** Counts items by a key. */
export function countBy<T>(items: T[], keyOf: (item: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const item of items) m.set(keyOf(item), (m.get(keyOf(item)) ?? 0) + 1);
  return m;
}
