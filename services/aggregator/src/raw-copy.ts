// Raw rows by `COPY … FROM STDIN` (text format, streamed by pg-copy-streams): Postgres' own way in for many
// rows. An `INSERT … SELECT FROM unnest(…)` costs node-postgres a text array literal per column (every
// element quoted and escaped) and Postgres the parsing of it, the largest cost per event of the drain's
// aggregator when its raw rows go in so (docs/performance.md). COPY sends each row once, as a line of
// tab-separated cells.
//
// COPY has no ON CONFLICT: insertFreshRows (sql-helpers.ts) copies only rows whose id it did not find stored,
// and a row that another transaction stored meanwhile (a redelivery applied at the same moment) makes the
// copy fail with a unique violation, which is answered as ConcurrentDeliveryError: the batch is retried whole
// (a serialization failure, bus apply.ts), and its retry finds that row stored and leaves it out.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ArrayElementType } from './raw-columns';

/** A copy of raw rows met a row that another transaction stored at the same time: apply the batch again. */
export class ConcurrentDeliveryError extends Error {
  /** serialization_failure: the bus retries the batch (defaultIsRetryable). */
  readonly code = '40001';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** COPY text format: backslash, tab, newline and carriage return are escaped; NULL is \N. */
const special = /[\\\t\n\r]/;
const escaped: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeText = (text: string) =>
  special.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => escaped[c] as string) : text;

/** One cell: the same text node-postgres would send for the value as a parameter of `type`. */
function cellOf(value: unknown, type: ArrayElementType): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (type === 'bool') return value ? 't' : 'f';
  if (typeof value === 'object') return escapeText(JSON.stringify(value));
  return escapeText(String(value));
}

/** Rows per chunk written to the copy stream: one string each, so the socket gets few, large writes. */
const rowsPerChunk = 500;

function* chunksOf(
  rows: readonly object[],
  columns: readonly string[],
  types: Readonly<Record<string, ArrayElementType>>,
): Generator<string> {
  const typeOf = columns.map((c) => types[c] as ArrayElementType);
  for (let start = 0; start < rows.length; start += rowsPerChunk) {
    let chunk = '';
    for (const row of rows.slice(start, start + rowsPerChunk)) {
      const cells = row as Record<string, unknown>;
      let line = '';
      for (let i = 0; i < columns.length; i++) {
        if (i) line += '\t';
        line += cellOf(cells[columns[i] as string], typeOf[i] as ArrayElementType);
      }
      chunk += line + '\n';
    }
    yield chunk;
  }
}

/** Copies `rows` into `table` on `client` (inside its open transaction); all go in, or the copy fails. */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  types: Readonly<Record<string, ArrayElementType>>,
  rows: readonly object[],
): Promise<void> {
  const copy = client.query(copyFrom(`copy ${ident(table)} (${columns.map(ident).join(', ')}) from stdin`));
  try {
    await pipeline(Readable.from(chunksOf(rows, columns, types)), copy);
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new ConcurrentDeliveryError(`${table}: a row was stored by another transaction meanwhile`, {
        cause: err,
      });
    throw err;
  }
}
