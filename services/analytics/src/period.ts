// The period of a dashboard read: calendar dates of the operator's time zone (design.md
// §4 Time), both included. A read names it by `from`/`to`, or by `days` (the 7/30/90 buttons, old links):
// the last N days ending today, where "today" is Postgres' date so the dashboard and the aggregator, which
// dates rows the same way, agree on where a day starts. Resolved here, once per request; every
// repository then filters only through firstDateOf/lastDateOf.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { todayOf, type Database } from '@bodymetrics/db';
import { defaultAnalyticsDays, previousRange, shiftDate, type PeriodQuery } from '@bodymetrics/contracts';

export interface Period {
  /** ANALYTICS_TZ: the zone the dates are days of. */
  timeZone: string;
  /** First date, 'YYYY-MM-DD', inclusive. */
  from: string;
  /** Last date, 'YYYY-MM-DD', inclusive. */
  to: string;
}

/** The first date of `period`, as a SQL `date`: every read filters `date >= firstDateOf(period)`. */
export const firstDateOf = ({ from }: Pick<Period, 'from'>): RawBuilder<string> => sql<string>`${from}::date`;

/** The last date of `period` (inclusive), as a SQL `date`: every read filters `date <= lastDateOf(period)`. */
export const lastDateOf = ({ to }: Pick<Period, 'to'>): RawBuilder<string> => sql<string>`${to}::date`;

/**
 * The period a read's (already validated) query names: its `from`/`to` as given, else the last `days` (30
 * when absent) ending today in `timeZone` (todayOf: Postgres' date, asked once a minute at most).
 */
export async function resolvePeriod(
  db: Kysely<Database>,
  timeZone: string,
  query: PeriodQuery,
): Promise<Period> {
  if (query.from !== undefined && query.to !== undefined) return { timeZone, from: query.from, to: query.to };
  const days = query.days ?? defaultAnalyticsDays;
  const to = await todayOf(db, timeZone);
  return { timeZone, from: shiftDate(to, -(days - 1)), to };
}

// Today's date, the one source every service reads (the dashboard's today, the offers' daily caps).
export { todayKeptMs, todayKnownUntil, todayOf } from '@bodymetrics/db';

/** The period of equal length ending the day before `period` starts: what the overview compares with. */
export const previousPeriod = (period: Period): Period => ({
  timeZone: period.timeZone,
  ...previousRange(period.from, period.to),
});

/** Today's date in `timeZone` as 'YYYY-MM-DD', from this process's clock (only used to name exported files). */
export function todayLabel(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
