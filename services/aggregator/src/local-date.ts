// "Today" and daily rows are in the operator's time zone (ANALYTICS_TZ): the calendar date of an instant
// there, as 'YYYY-MM-DD'. Every event asks for its date several times (its raw row and each aggregate), and
// Intl formatting per call would be ~10 % of the aggregator's busy time (docs/performance.md, drain). So the zone's offset
// is worked out once per UTC hour (one formatToParts at the hour's first and last millisecond) and an
// event's date is arithmetic on it; an hour whose offset changes inside it (a daylight-saving switch) asks
// Intl for each instant, so every date stays exactly the one Intl gives.
import { wallClockFormatter } from '@bodymetrics/service-kit';

/** One UTC hour of a zone: the date before `switchAt` and the date from it (they differ when midnight falls in it). */
interface HourDates {
  before: string;
  after: string;
  /** The instant (ms) local midnight falls at within this hour; Infinity when it does not. */
  switchAt: number;
}

const hourMs = 3_600_000;
const dayMs = 86_400_000;
/** Hours remembered per zone: a batch spans a few, a backlog a week; past this the cache starts over. */
const maxHoursKept = 10_000;

const hoursByZone = new Map<string, Map<number, HourDates | null>>();

/** One wall-clock formatter per zone, kept for the process (service-kit's, the visitor keys' too). */
const formatterOf = wallClockFormatter;

/** The zone's wall clock at `ms`, as milliseconds of a UTC calendar (so wall − ms is the offset). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(ms))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC reads years 0–99 as 1900–1999: set the year itself.
  return year < 100 ? new Date(wall).setUTCFullYear(year) : wall;
}

/** The UTC calendar date of a millisecond count, 'YYYY-MM-DD' (the wall clock's date for a wall-clock count). */
const dateOfWall = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/** The exact date through Intl, for the instants of an hour whose offset changes. */
const dateThroughIntl = (ms: number, timeZone: string): string =>
  dateOfWall(wallClock(ms - (((ms % 1000) + 1000) % 1000), timeZone));

/** The dates of one UTC hour, or null when the zone's offset is not the same all through it. */
function hourDates(hour: number, timeZone: string): HourDates | null {
  const start = hour * hourMs;
  const end = start + hourMs - 1000;
  const offset = wallClock(start, timeZone) - start;
  if (wallClock(end, timeZone) - end !== offset) return null;
  const wallStart = start + offset;
  const nextMidnight = (Math.floor(wallStart / dayMs) + 1) * dayMs - offset;
  return {
    before: dateOfWall(wallStart),
    after: dateOfWall(nextMidnight + offset),
    switchAt: nextMidnight < start + hourMs ? nextMidnight : Infinity,
  };
}

export function localDate(instant: string | Date, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  let hours = hoursByZone.get(timeZone);
  if (!hours) {
    formatterOf(timeZone); // an unknown zone throws here, once
    hours = new Map();
    hoursByZone.set(timeZone, hours);
  }
  const hour = Math.floor(ms / hourMs);
  let dates = hours.get(hour);
  if (dates === undefined) {
    if (hours.size >= maxHoursKept) hours.clear();
    dates = hourDates(hour, timeZone);
    hours.set(hour, dates);
  }
  if (dates === null) return dateThroughIntl(ms, timeZone);
  return ms < dates.switchAt ? dates.before : dates.after;
}
