import { describe, expect, it } from 'vitest';
import { conversionRate, firstRows, listSizes, shareOfTotal } from './metrics';

describe('conversion rate card', () => {
  it.each([
    [5, 20, 25],
    [1, 3, 33],
    [2, 3, 67],
    [7, 7, 100],
    [30, 10, 300],
    [0, 50, 0],
  ])('%i clicks of %i visitors reads %i%%', (clicks, visitors, expected) => {
    expect(conversionRate(clicks, visitors)).toBe(expected);
  });

  it('reads 0 when nobody visited today', () => {
    expect(conversionRate(4, 0)).toBe(0);
    expect(conversionRate(0, 0)).toBe(0);
  });
});

describe('abandonment share of total visitors', () => {
  it('is a percent with one decimal', () => {
    expect(shareOfTotal(1, 3)).toBe(33.3);
    expect(shareOfTotal(25, 200)).toBe(12.5);
    expect(shareOfTotal(40, 40)).toBe(100);
  });

  it('is 0 without visitors', () => {
    expect(shareOfTotal(3, 0)).toBe(0);
  });
});

describe('list sizes', () => {
  it('shows the first ten days of the historical funnel and the daily stats, ten live users, twenty clicks', () => {
    expect(listSizes).toEqual({ historicalFunnel: 10, dailyStats: 10, liveUsers: 10, recentClicks: 20 });
    const days = Array.from({ length: 30 }, (_, i) => i);
    expect(firstRows(days, listSizes.dailyStats)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(firstRows(undefined, 10)).toEqual([]);
  });
});
