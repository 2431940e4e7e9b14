// Numbers, units and dates in the shown language through Intl (@nanostores/i18n's formatter): ro-RO writes
// 25,8 and 2.139, en-US 25.8 and 2,139. Used by the screens after the form, so not in the first download.
import { formatter } from '@nanostores/i18n';
import { computed } from 'nanostores';
import { language, useStore } from './i18n';
import { FORMAT_LOCALE } from './language';

const format = formatter(computed(language, (code) => FORMAT_LOCALE[code]));

/** A day in words as the server meant it (an ISO timestamp at midnight UTC); a bad value as it came. */
export function dayInWords(value: string, locale: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(date);
}

const fixed = (digits: number): Intl.NumberFormatOptions => ({
  minimumFractionDigits: digits,
  maximumFractionDigits: digits,
});

/** The shown language's number and date writing, re-rendered on a switch. */
export function useNumbers() {
  const f = useStore(format);
  const locale = FORMAT_LOCALE[useStore(language)];
  return {
    /** 2,139 / 2.139 */
    whole: (n: number) => f.number(n, fixed(0)),
    /** 25.8 / 25,8 (rounded as the engine's one-decimal display) */
    one: (n: number) => f.number(n, fixed(1)),
    /** 0.88 / 0,88 */
    two: (n: number) => f.number(n, fixed(2)),
    /** November 21, 2026 / 21 noiembrie 2026 */
    day: (value: string) => dayInWords(value, locale),
  };
}
