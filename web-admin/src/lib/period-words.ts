// The chosen period in words, as the cards, the badges' legend and the main chart say it.
import { cardTexts, dashboardTexts } from '../texts';
import { formatDay } from './format';

type PeriodLike = { days: number } | { from: string; to: string };

/** "în ultimele 30 de zile", "între 01.03.2026 și 10.03.2026", "pe 01.03.2026". */
export const describePeriod = (period: PeriodLike): string =>
  'days' in period
    ? dashboardTexts.lastDays(period.days)
    : dashboardTexts.betweenDates(formatDay(period.from), formatDay(period.to));

/** "ultimele 30 de zile", "intervalul 01.03.2026 – 10.03.2026", "ziua 01.03.2026". */
export const namePeriod = (period: PeriodLike): string =>
  'days' in period
    ? cardTexts.lastDaysName(period.days)
    : cardTexts.rangeName(formatDay(period.from), formatDay(period.to));
