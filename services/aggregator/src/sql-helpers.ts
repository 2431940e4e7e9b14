// Bulk statements the appliers share. Every aggregate moves by an increment computed for the whole
// batch, in one multi-row upsert; rows are merged by key first (Postgres refuses to update the same
// row twice in one statement) and sorted (so concurrent aggregators lock rows in the same order).
import { sql, type Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';

export type Trx = Transaction<Database>;

/** Postgres takes at most 65535 parameters per statement; inserts go in slices well under that. */
export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface IncrementSpec {
  table: keyof Database;
  keys: string[];
  /** Columns added to on conflict. */
  counters: string[];
  /** Columns that keep the larger value on conflict (e.g. last_clicked_at). */
  greatest?: string[];
}

/** Merges rows with the same key (summing counters, keeping the greatest of `greatest`), then upserts. */
export async function incrementRows(
  trx: Trx,
  spec: IncrementSpec,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (!rows.length) return;
  const merged = new Map<string, Record<string, unknown>>();
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
    for (const g of spec.greatest ?? []) {
      if (String(row[g]) > String(seen[g])) seen[g] = row[g];
    }
  }
  const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  const columns = [...spec.keys, ...spec.counters, ...(spec.greatest ?? [])];
  const updates = [
    ...spec.counters.map((c) => sql`${sql.id(c)} = ${sql.id(spec.table, c)} + excluded.${sql.id(c)}`),
    ...(spec.greatest ?? []).map(
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
