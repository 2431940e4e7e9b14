// Client checks of the custom range: the server's rules (contracts analytics.ts
// periodQuerySchema) in Romanian, one message per date, so nothing is asked that the server would refuse.
// The dates are typed as Romanians write them, zz.ll.aaaa, whatever language the browser speaks (a native
// date field follows the browser's, and reads ll/zz/aaaa in an English one), and sent as YYYY-MM-DD.
import { analyticsMaxRangeDays, calendarDateSchema, rangeLength } from '@bodymetrics/contracts';
import { periodFormMessages } from '../texts';

export interface RangeErrors {
  from?: string;
  to?: string;
}

/**
 * A typed date → 'YYYY-MM-DD', or null when it is not one that exists. Day first, then month and a
 * four-digit year, separated by dots (or / or -, as a pasted date may be); a pasted ISO date passes too.
 */
export function parseRomanianDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  const date = iso
    ? value
    : dayFirst
      ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`
      : null;
  return date !== null && calendarDateSchema.safeParse(date).success ? date : null;
}

export type RangeCheck = { errors: RangeErrors } | { range: { from: string; to: string } };

/** The two typed dates checked: the range to ask for, or a message beside each date that is wrong. */
export function checkRange(fromText: string, toText: string): RangeCheck {
  const read = (text: string): { date: string } | { error: string } => {
    if (text.trim() === '') return { error: periodFormMessages.required };
    const date = parseRomanianDate(text);
    return date === null ? { error: periodFormMessages.invalid } : { date };
  };
  const from = read(fromText);
  const to = read(toText);
  if ('error' in from || 'error' in to) {
    const errors: RangeErrors = {};
    if ('error' in from) errors.from = from.error;
    if ('error' in to) errors.to = to.error;
    return { errors };
  }
  if (from.date > to.date) return { errors: { to: periodFormMessages.order } };
  if (rangeLength(from.date, to.date) > analyticsMaxRangeDays)
    return { errors: { to: periodFormMessages.tooLong(analyticsMaxRangeDays) } };
  return { range: { from: from.date, to: to.date } };
}
