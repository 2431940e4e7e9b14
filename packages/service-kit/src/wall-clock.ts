// The wall clock of a time zone (year … second, 24-hour), one formatter per zone kept for the process:
// building an Intl.DateTimeFormat costs about 60 µs — most of a visitor key's cost, and of the aggregator's
// local date before it cached by hour — while formatting with a built one is cheap. Shared by the visitor
// keys (the salt's day) and the aggregator's local dates, so both read a zone's day the same way.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `timeZone`'s wall clock; an unknown zone throws (a RangeError) on first use. */
export function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
