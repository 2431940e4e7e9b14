// Bulk statements the appliers share. Every aggregate moves by an increment computed for the whole
// batch, in one multi-row upsert; rows are merged by key first (Postgres refuses to update the same
// row twice in one statement) and sorted (so concurrent aggregators lock rows in the same order).
import { sql, type Insertable, type InsertType, type Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';

export type Trx = Transaction<Database>;

/** Postgres takes at most 65535 parameters per statement; inserts go in slices well under that. */
export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The raw tables: one row per event, keyed by the event's id (the idempotency key of the whole batch). */
export type RawTable = {
  [T in keyof Database]: Database[T] extends { event_id: string } ? T : never;
}[keyof Database];

/**
 * Inserts a batch's raw rows (ON CONFLICT (event_id) DO NOTHING), in slices, and answers the ids of the rows
 * that were new: only those events move an aggregate, so a redelivered batch counts nothing twice.
 */
export async function insertFreshRows<T extends RawTable>(
  trx: Trx,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (const slice of chunks(rows)) {
    const inserted = await trx
      .insertInto(table)
      .values(slice)
      .onConflict((oc) => oc.column('event_id').doNothing())
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
  await upsertIncrements(
    trx,
    { table: spec.table, keys: spec.keys, counters: spec.counters, greatest: spec.greatest ?? [] },
    rows,
  );
}

async function upsertIncrements(
  trx: Trx,
  spec: { table: string; keys: readonly string[]; counters: readonly string[]; greatest: readonly string[] },
  rows: readonly Readonly<Record<string, Cell>>[],
): Promise<void> {
  if (!rows.length) return;
  const merged = new Map<string, Record<string, Cell>>();
  for (const given of rows) {
    // A counter a row does not name moves by 0, so appliers can pass rows of different figures together.
    const row = { ...Object.fromEntries(spec.counters.map((c) => [c, 0])), ...given };
    const key = JSON.stringify(spec.keys.map((k) => row[k]));
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, row);
      continue;
    }
    for (const c of spec.counters) seen[c] = Number(seen[c] ?? 0) + Number(row[c] ?? 0);
    for (const g of spec.greatest) {
      if (String(row[g]) > String(seen[g])) seen[g] = row[g];
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
