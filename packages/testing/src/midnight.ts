// The tests compare today's figures before and after what they send. A test file that runs across the
// analytics day's midnight would see today's counts start again from zero, and fail for the clock's sake.
// So before an integration, browser or fault file starts, the midnight-setup.ts file waits when a midnight
// is due within the margin. The wait lasts until just after that midnight, at most a few minutes a day.

/**
 * The zones whose midnight the tests watch: the services' default analytics zone (service-kit's
 * defaultAnalyticsTimeZone, which a test there keeps equal), and UTC, which some tests set.
 */
export const watchedTimeZones = ['Europe/Bucharest', 'UTC'] as const;

/** No file runs longer than this (the longest browser file takes about two and a half minutes). */
export const midnightMarginMs = 4 * 60_000;

const dayMs = 24 * 60 * 60_000;

/** Milliseconds from `now` to the next midnight in `timeZone` (a day of a clock change is off by its hour). */
export function msUntilMidnight(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight =
    ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getUTCMilliseconds();
  return dayMs - sinceMidnight;
}

/**
 * How long a file starting at `now` waits: until 5 s after the latest midnight of `zones` due within
 * `marginMs`, or 0 when none is.
 */
export function waitForMidnight(
  now: Date,
  zones: readonly string[] = watchedTimeZones,
  marginMs = midnightMarginMs,
): number {
  let wait = 0;
  for (const zone of zones) {
    const until = msUntilMidnight(now, zone);
    if (until <= marginMs) wait = Math.max(wait, until + 5_000);
  }
  return wait;
}
