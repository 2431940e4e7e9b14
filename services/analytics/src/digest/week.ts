// Which week a digest covers and whether it is due, in the operator's time zone (ANALYTICS_TZ): the
// digest of a Monday–Sunday week goes out on the Monday after it, from the send hour (08:00) to midnight.
// Dates are local calendar dates ('YYYY-MM-DD'), as the aggregates' `date` columns are.

export interface DigestWeek {
  /** Monday of the week, inclusive. */
  from: string;
  /** Sunday of the week, inclusive. */
  to: string;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The local date, weekday (0 = Sunday) and hour of `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { date: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: weekdays.indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour),
  };
}

/** A calendar date `days` days after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last whole Monday–Sunday week before `now`'s local date. */
export function lastCompletedWeek(now: Date, timeZone: string): DigestWeek {
  const { date, weekday } = localClock(now, timeZone);
  const thisMonday = addDays(date, -((weekday + 6) % 7));
  return { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) };
}

/** The week before `week`: what the digest compares with. */
export const weekBefore = (week: DigestWeek): DigestWeek => ({
  from: addDays(week.from, -7),
  to: addDays(week.to, -7),
});

/**
 * The week whose digest is due at `now`, or null: due on a Monday from `sendHour` (local) until the day
 * ends, so a scheduler that was down at 08:00 still sends that morning once it is back.
 */
export function dueDigestWeek(now: Date, timeZone: string, sendHour: number): DigestWeek | null {
  const { weekday, hour } = localClock(now, timeZone);
  return weekday === 1 && hour >= sendHour ? lastCompletedWeek(now, timeZone) : null;
}
