// The annotations of a period as the chart's marks: numbered in the list's order (1, 2…), each clamped to
// the period's dates, so a range that began before the period still shades its first days.
import type { Annotation } from '@bodymetrics/contracts';
import type { ChartMark } from '../charts/PeriodChart';

export const marksOf = (
  annotations: Pick<Annotation, 'id' | 'date' | 'endDate'>[],
  period: { from: string; to: string },
): ChartMark[] =>
  annotations.map((annotation, index) => ({
    id: annotation.id,
    number: index + 1,
    from: annotation.date < period.from ? period.from : annotation.date,
    to: annotation.endDate > period.to ? period.to : annotation.endDate,
  }));
