import { describe, expect, it } from 'vitest';
import { firstRows, listSizes, percentChange, pointChange, shareOfTotal, trendOf } from './metrics';

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

describe('change from the previous period', () => {
  it('is a whole percent of the previous figure, null when that was 0', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(19.75, 10)).toBe(98); // 97.5 rounds up
    expect(percentChange(5, 9)).toBe(-44); // -44.4
    expect(percentChange(7, 7)).toBe(0);
    expect(percentChange(7, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });
  it('of a rate, in percentage points, null when the previous rate was 0', () => {
    expect(pointChange(40, 37)).toBe(3);
    expect(pointChange(30, 50)).toBe(-20);
    expect(pointChange(30, 0)).toBeNull();
  });
});

describe('the way a change went', () => {
  it('is up, down or the same; none when there was nothing before', () => {
    expect([12, -5, 0, null, Number.NaN].map(trendOf)).toEqual(['up', 'down', 'same', 'none', 'none']);
  });
});
