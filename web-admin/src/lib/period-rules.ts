// Client checks of the custom range (issue 15 item 4): the server's rules (contracts analytics.ts
// periodQuerySchema) in Romanian, one message per date, so nothing is asked that the server would refuse.
import { analyticsMaxRangeDays, calendarDateSchema, rangeLength } from '@bodymetrics/contracts';
import { periodFormMessages } from '../texts';

export interface RangeErrors {
  from?: string;
  to?: string;
}

export function rangeErrors(from: string, to: string): RangeErrors {
  const errors: RangeErrors = {};
  const check = (value: string) =>
    value === ''
      ? periodFormMessages.required
      : calendarDateSchema.safeParse(value).success
        ? undefined
        : periodFormMessages.invalid;
  const fromError = check(from);
  const toError = check(to);
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  if (fromError || toError) return errors;
  if (from > to) errors.to = periodFormMessages.order;
  else if (rangeLength(from, to) > analyticsMaxRangeDays)
    errors.to = periodFormMessages.tooLong(analyticsMaxRangeDays);
  return errors;
}
