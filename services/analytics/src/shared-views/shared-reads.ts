// What a shared link answers: the dashboard's own period reads (dashboard-reads.ts, one implementation),
// passed through the allow-list of contracts' sharedReadSchemas — only the fields named there leave, so a
// field added to a read later (a visitor id, an address) is not shared until it is named in the list. The
// live visitors and Recent Activity's clicks are no read of any tab here.
import {
  sharedReadSchemas,
  sharedTabReads,
  type SharedReadName,
  type SharedTab,
  type SharedViewTab,
} from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import type { z } from 'zod';
import { listAnnotations } from '../annotations/annotations.repository';
import { tabReadsOf } from '../dashboard-reads';
import type { Period } from '../period';

/** `value` with only the fields of `schema`'s shape (for an array, each of its rows). */
export function allowedFields<S extends z.ZodObject>(schema: S, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((row) => allowedFields(schema, row));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => key in record)
      .map((key) => [key, record[key]]),
  );
}

/** One tab of a link over `period`: each of its reads, allow-listed, and the period's notes (no authors). */
export async function readSharedTab(
  db: Db,
  tab: SharedViewTab,
  period: Period,
  currency: string,
): Promise<SharedTab> {
  const reads = tabReadsOf(currency);
  const names: readonly SharedReadName[] = sharedTabReads[tab];
  const answers = await Promise.all(
    names.map(async (name) => [name, allowedFields(sharedReadSchemas[name], await reads[name](db, period))]),
  );
  const annotations =
    tab === 'daily'
      ? (await listAnnotations(db, period)).map(({ id, date, endDate, note }) => ({
          id,
          date,
          endDate,
          note,
        }))
      : [];
  return {
    tab,
    from: period.from,
    to: period.to,
    tables: Object.fromEntries(answers) as SharedTab['tables'],
    annotations,
  };
}
