// The period of a dashboard read: calendar dates of the operator's time zone (design.md
// §4 Time), both included. A read names it by `from`/`to`, or by `days` (the 7/30/90 buttons, old links):
// the last N days ending today, where "today" is Postgres' date so the dashboard and the aggregator, which
// dates rows the same way, agree on where a day starts. Resolved here, once per request; every
// repository then filters only through firstDateOf/lastDateOf.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '@bodymetrics/db';
import { defaultAnalyticsDays, previousRange, shiftDate, type PeriodQuery } from '@bodymetrics/contracts';

/** The current date in `timeZone`, as a SQL `date`: what todayOf asks Postgres (its only use). */
const todayIn = (timeZone: string): RawBuilder<string> => sql<string>`(now() AT TIME ZONE ${timeZone})::date`;

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

/**
 * How long a date learnt from Postgres is kept: until the zone's next midnight, but a minute at most, so a
 * wall clock set forward (which this process's monotonic clock does not see) is caught within a minute.
 */
export const todayKeptMs = 60_000;

/**
 * Until when (performance.now() milliseconds) a date asked at `askedAt` stays today, `secondsToMidnight`
 * before the zone's next midnight by Postgres' clock. Counted from when the question was sent, which is
 * before Postgres read its clock, so the date is never kept past the real midnight.
 */
export const todayKnownUntil = (askedAt: number, secondsToMidnight: number): number =>
  askedAt + Math.min(secondsToMidnight * 1000, todayKeptMs);

interface KnownToday {
  date: string;
  until: number;
}
/** Per database and time zone: the date each read of the dashboard would otherwise ask for again. */
const knownTodays = new WeakMap<Kysely<Database>, Map<string, KnownToday>>();

/**
 * Today's date in `timeZone` by Postgres' clock, as the aggregator dates rows — asked at most once a minute
 * (todayKnownUntil) instead of once per read: each question is a round trip of its own before a read's sums
 * can start, and in the embedded mode every trip may wait behind an aggregator batch.
 */
export async function todayOf(db: Kysely<Database>, timeZone: string): Promise<string> {
  const known = knownTodays.get(db) ?? new Map<string, KnownToday>();
  knownTodays.set(db, known);
  const kept = known.get(timeZone);
  if (kept && performance.now() < kept.until) return kept.date;
  const askedAt = performance.now();
  const row = await db
    .selectNoFrom([
      sql<string>`(${todayIn(timeZone)})::text`.as('today'),
      // The zone's next midnight as an instant (DST-proof: AT TIME ZONE maps the local time back), less now.
      sql<number>`extract(epoch from ((${todayIn(timeZone)} + 1)::timestamp AT TIME ZONE ${timeZone}) - now())::float8`.as(
        'seconds_to_midnight',
      ),
    ])
    .executeTakeFirstOrThrow();
  known.set(timeZone, { date: row.today, until: todayKnownUntil(askedAt, row.seconds_to_midnight) });
  return row.today;
}

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
