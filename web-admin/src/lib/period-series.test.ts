import { describe, expect, it } from 'vitest';
import { periodSeries } from './period-series';

const conversion = (date: string, revenue: number) => ({
  date,
  clicks: 1,
  conversions: 1,
  conversionRate: 100,
  revenue,
  epc: revenue,
  currency: 'RON',
});

describe("the main chart's days", () => {
  it('are every day of the period, oldest first, 0 where a day has no row', () => {
    expect(
      periodSeries(
        { from: '2026-02-27', to: '2026-03-02' },
        [
          { id: 2, date: '2026-03-02', uniqueVisitors: 7, totalPageViews: 9 },
          { id: 1, date: '2026-02-27', uniqueVisitors: 3, totalPageViews: 4 },
        ],
        [conversion('2026-02-28', 12.5), conversion('2026-03-02', 3)],
      ),
    ).toEqual([
      { date: '2026-02-27', visitors: 3, pageViews: 4, revenue: 0 },
      { date: '2026-02-28', visitors: 0, pageViews: 0, revenue: 12.5 },
      { date: '2026-03-01', visitors: 0, pageViews: 0, revenue: 0 },
      { date: '2026-03-02', visitors: 7, pageViews: 9, revenue: 3 },
    ]);
  });

  it('of a one-day period is that day', () => {
    expect(periodSeries({ from: '2026-03-01', to: '2026-03-01' }, [], [])).toEqual([
      { date: '2026-03-01', visitors: 0, pageViews: 0, revenue: 0 },
    ]);
  });
});
