// The figures the dashboard derives from the read models rather than reading them as they are.

/** Spec §2: today's clicks divided by today's visitors, as a rounded percent; 0 without visitors. */
export function conversionRate(todayClicks: number, todayVisitors: number): number {
  if (!Number.isFinite(todayClicks) || !Number.isFinite(todayVisitors) || todayVisitors <= 0) return 0;
  return Math.round((todayClicks / todayVisitors) * 100);
}

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
