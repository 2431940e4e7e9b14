// Column types shared by the table files: how kysely reads and writes the pg types we use.
import type { ColumnType } from 'kysely';

/** A timestamptz: written as Date or ISO string, read as Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A date column: pg returns it as 'YYYY-MM-DD' (the connection sets a parser so no time zone shifts it). */
export type DateOnly = ColumnType<string, string, string>;
/** A jsonb column: written as its JSON text. */
export type Json = ColumnType<unknown, string, string>;
/** A numeric column: pg returns it as text (exact); written as a number or text. */
export type Numeric = ColumnType<string, number | string, number | string>;
// Columns with a database default: optional on insert. (kysely's Generated<> cannot wrap a ColumnType.)
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type DefaultBigCount = ColumnType<
  string,
  number | string | bigint | undefined,
  number | string | bigint
>;
export type DefaultNumeric = ColumnType<string, number | string | undefined, number | string>;
