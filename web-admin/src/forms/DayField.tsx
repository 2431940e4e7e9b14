// A calendar day typed as Romanians write it, zz.ll.aaaa, whatever language the browser speaks (a native
// date field follows the browser's and reads ll/zz/aaaa in an English one) — the period picker's rule, for
// every other date the dashboard asks for (a note's days, a shared link's expiry). The form keeps the typed
// text and reads it with dayOfTyped when it is sent.
import type { ReactNode } from 'react';
import { formatDay } from '../lib/format';
import { parseRomanianDate } from '../lib/period-rules';
import { dashboardTexts, periodFormMessages } from '../texts';
import { TextField } from './TextField';

export function DayField(props: {
  label: ReactNode;
  name: string;
  value: string;
  onValueChange: (text: string) => void;
  required?: boolean;
}) {
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="off"
      placeholder={dashboardTexts.dateFormatHint}
    />
  );
}

/** A stored day ('YYYY-MM-DD') as the field shows it. */
export const typedDayOf = (day: string | undefined): string => (day ? formatDay(day) : '');

/** The typed text → 'YYYY-MM-DD'; '' for an empty field; an Error naming the rule for anything else. */
export function dayOfTyped(text: string): string | Error {
  if (text.trim() === '') return '';
  return parseRomanianDate(text) ?? new Error(periodFormMessages.invalid);
}
