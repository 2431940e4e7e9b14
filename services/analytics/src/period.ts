// "Today" and "the last N days" in the operator's time zone (design.md §4 Time), computed by Postgres so
// the dashboard and the aggregator, which dates rows the same way, agree on where a day starts.
import { sql, type RawBuilder } from 'kysely';

/** The current date in `timeZone`, as a SQL `date`. */
export const todayIn = (timeZone: string): RawBuilder<string> =>
  sql<string>`(now() AT TIME ZONE ${timeZone})::date`;

/** The first date of a period of `days` dates ending today: today − days + 1. */
export const periodStartIn = (timeZone: string, days: number): RawBuilder<string> =>
  sql<string>`((now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int)`;

export interface Period {
  timeZone: string;
  days: number;
}

/** Today's date in `timeZone` as 'YYYY-MM-DD', from this process's clock (only used to name exported files). */
export function todayLabel(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
