// The main chart's points: every day of the period, oldest first, with its visitors and page views (the
// daily rows) and its revenue (conversions by arrival day) — 0 on a day without a row, so a quiet day shows
// as a dip rather than disappearing from the axis.
import { rangeLength, shiftDate, type ConversionsByDayRow, type DailyStatsRow } from '@bodymetrics/contracts';

export interface DayPoint {
  /** YYYY-MM-DD. */
  date: string;
  visitors: number;
  pageViews: number;
  revenue: number;
}

export function periodSeries(
  period: { from: string; to: string },
  daily: readonly DailyStatsRow[],
  conversions: readonly ConversionsByDayRow[],
): DayPoint[] {
  const visits = new Map(daily.map((r) => [r.date.slice(0, 10), r]));
  const revenue = new Map(conversions.map((r) => [r.date.slice(0, 10), r.revenue]));
  return Array.from({ length: Math.max(0, rangeLength(period.from, period.to)) }, (_, i) => {
    const date = shiftDate(period.from, i);
    const day = visits.get(date);
    return {
      date,
      visitors: day?.uniqueVisitors ?? 0,
      pageViews: day?.totalPageViews ?? 0,
      revenue: revenue.get(date) ?? 0,
    };
  });
}
