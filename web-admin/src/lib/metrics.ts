// The figures the dashboard derives from the read models rather than reading them as they are.

/** A part of the total visitors as a percent with one decimal (abandonment analysis); 0 without a total. */
export function shareOfTotal(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.round((part / total) * 1000) / 10;
}

/** Spec §9: the historical funnel and the daily list show their first ten rows; the live list ten users. */
export const listSizes = { historicalFunnel: 10, dailyStats: 10, liveUsers: 10, recentClicks: 20 } as const;

export function firstRows<T>(rows: readonly T[] | undefined, count: number): T[] {
  return (rows ?? []).slice(0, count);
}

/**
 * The change from the previous period: (current − previous) ÷ previous, whole percent, as
 * the weekly digest says it; null when the previous figure is 0 (no percentage of nothing).
 */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/**
 * The change of a rate that is already a percent (bounce rate, mobile %, conversion rate): the difference in
 * percentage points, as Plausible shows a bounce rate's change (a relative % of a % misleads); null when the
 * previous rate is 0, like percentChange.
 */
export function pointChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return Math.round(current - previous);
}

/** Which way a change went: `none` when there is nothing to compare with (the previous figure was 0). */
export type Trend = 'up' | 'down' | 'same' | 'none';

export function trendOf(change: number | null): Trend {
  if (change === null || !Number.isFinite(change)) return 'none';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'same';
}
