// Today's date in the operator's time zone (ANALYTICS_TZ) by Postgres' clock: the one "today" of every
// service — the dashboard's today and last N days, the offers' daily click caps — and the day the aggregator
// dates rows on.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './database';

/** The current date in `timeZone`, as a SQL `date`: what todayOf asks Postgres (its only use). */
const todayIn = (timeZone: string): RawBuilder<string> => sql<string>`(now() AT TIME ZONE ${timeZone})::date`;

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
