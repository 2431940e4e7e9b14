// The record of who changed what, as the dashboard lists it for an offer (offer_changes) and for a segment
// (offer_segment_changes): each one's last records, newest first, with the admin's name (null once the
// account is gone).
import { sql, type RawBuilder } from 'kysely';
import type { OfferChange } from '@bodymetrics/contracts';

/** A record as read (the change table aliased `c`, joined with admin_users for the name). */
export interface ChangeRow {
  id: number;
  username: string | null;
  changed_at: Date;
  changes: unknown;
}

/** Each record's place among those of its `owner` columns (1: newest), to keep the last N of each. */
export const newestFirst = (...owner: string[]): RawBuilder<number> =>
  sql<number>`row_number() over (partition by ${sql.join(owner.map((column) => sql.ref(column)))} order by c.changed_at desc, c.id desc)`;

/** The records (newest first), grouped by their owner's key. */
export function changesBy<Row extends ChangeRow, Key>(
  rows: readonly Row[],
  keyOf: (row: Row) => Key,
): Map<Key, OfferChange[]> {
  const byKey = new Map<Key, OfferChange[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = byKey.get(key) ?? [];
    list.push({
      id: row.id,
      adminUsername: row.username,
      changedAt: row.changed_at.toISOString(),
      changes: row.changes as OfferChange['changes'],
    });
    byKey.set(key, list);
  }
  return byKey;
}
