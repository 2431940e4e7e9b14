// Postgres hands sums and bigints back as strings; the read models carry JS numbers.
export const toNumber = (v: string | number | bigint | null | undefined): number =>
  v == null ? 0 : Number(v);

/** A whole percentage of part in total, 0 when there is nothing to divide by. */
export const percent = (part: number, total: number): number =>
  total > 0 ? Math.round((part / total) * 100) : 0;

/** A percentage to one decimal (traffic conversion rate), 0 when there is nothing to divide by. */
export const percentOneDecimal = (part: number, total: number): number =>
  total > 0 ? Math.round((part * 1000) / total) / 10 : 0;

/** A percentage to one decimal, or null when there is nothing to divide by (unknown, not "0 %"). */
export const percentOneDecimalOrNull = (part: number, total: number): number | null =>
  total > 0 ? percentOneDecimal(part, total) : null;

export const ratio = (total: number, count: number): number => (count > 0 ? Math.round(total / count) : 0);
