// "Today" and daily rows are in the operator's time zone (ANALYTICS_TZ): the calendar date of an
// instant there, as 'YYYY-MM-DD'. Formatters are costly to build, so one per zone is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localDate(instant: string | Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(typeof instant === 'string' ? new Date(instant) : instant);
}
