// Copies one table's rows from the embedded database into the target, a batch at a time, so a year of raw
// events never sits in memory at once: each batch is read in primary-key order after the last key of the one
// before (keyset paging: every read is an index range, however far the copy has got), and written while the
// next one is read. Values travel as Postgres' own text form of each column, which the target's column type
// reads back exactly (microseconds of a timestamp, numeric digits, bytea, arrays and jsonb alike).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TableShape } from './schema-catalog';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables as the catalogue describes them
type AnyDb = Kysely<any>;
type TextRow = (string | null)[];

export interface CopyTableOptions {
  /** Rows read and written at a time. */
  batchRows: number;
  /** The condition a copied row meets (moved-rows.ts). */
  movedRows: RawBuilder<boolean>;
  /** Called after each batch written, with the rows copied so far. */
  progress?: (rowsSoFar: number) => void;
}

/**
 * A column's type as a cast: the name comes from the database's catalogue (format_type), never from
 * input, so it is written into the statement as it is.
 */
const castTo = (value: string | null, type: string) => sql`cast(${value} as ${sql.raw(type)})`;

function readBatch(source: AnyDb, table: TableShape, limit: number, movedRows: RawBuilder<boolean>) {
  const keyIndexes = table.key.map((k) => table.columns.findIndex((c) => c.name === k));
  const keyTypes = keyIndexes.map((i) => table.columns[i]?.type ?? 'text');
  const keyRefs = sql.join(table.key.map((k) => sql.ref(k)));
  const selected = sql.join(
    table.columns.map((c, i) => sql`${sql.ref(c.name)}::text as ${sql.ref(`c${i}`)}`),
  );
  return async (after: TextRow | undefined): Promise<TextRow[]> => {
    const afterKey = after
      ? sql`and (${keyRefs}) > (${sql.join(keyIndexes.map((i, n) => castTo(after[i] ?? null, keyTypes[n] ?? 'text')))})`
      : sql``;
    const { rows } = await sql<Record<string, string | null>>`
      select ${selected} from ${sql.table(table.name)}
      where ${movedRows} ${afterKey}
      order by ${keyRefs}
      limit ${limit}
    `.execute(source);
    return rows.map((row) => table.columns.map((_, i) => row[`c${i}`] ?? null));
  };
}

/**
 * One statement a batch with one parameter a column — the column's values as a text array, unnested back
 * into rows and cast to the column's type — so a batch costs the same to send whatever its size (a
 * parameter a value was slower to build than to insert).
 */
async function writeBatch(target: AnyDb, table: TableShape, rows: readonly TextRow[]): Promise<void> {
  if (!rows.length) return;
  const moved = table.columns.map((_, i) => sql.ref(`c${i}`));
  await sql`
    insert into ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.ref(c.name)))})
    ${table.hasIdentity ? sql`overriding system value` : sql``}
    select ${sql.join(table.columns.map((c, i) => sql`cast(${moved[i]} as ${sql.raw(c.type)})`))}
    from unnest(${sql.join(table.columns.map((_, i) => sql`cast(${rows.map((row) => row[i] ?? null)} as text[])`))})
      as moved(${sql.join(moved)})
  `.execute(target);
}

/** Copies the rows of `table` that `options.movedRows` keeps; answers how many. */
export async function copyTable(
  source: AnyDb,
  target: AnyDb,
  table: TableShape,
  options: CopyTableOptions,
): Promise<number> {
  if (!table.key.length) throw new Error(`${table.name} has no primary key to read it in batches by`);
  const limit = Math.max(1, options.batchRows);
  const read = readBatch(source, table, limit, options.movedRows);
  let copied = 0;
  let batch = await read(undefined);
  while (batch.length) {
    const full = batch.length === limit;
    const [next] = await Promise.all([
      full ? read(batch[batch.length - 1]) : [],
      writeBatch(target, table, batch),
    ]);
    copied += batch.length;
    options.progress?.(copied);
    batch = next;
  }
  return copied;
}
