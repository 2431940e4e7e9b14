// The Affiliate Performance breakdown by BMI category and goal: the offers' rows summed per (category, goal),
// with the CTR of the sums (the clicks that count ÷ impressions, as per offer: suspicious clicks left out) —
// never an average of the offers' CTRs.
import type { AffiliateStatsRow } from '@bodymetrics/contracts';

export interface BreakdownRow {
  /** Null for offers removed since they were counted. */
  bmiCategory: AffiliateStatsRow['bmiCategory'];
  goal: AffiliateStatsRow['goal'];
  impressions: number;
  clickCount: number;
  uniqueClicks: number;
  /** The suspicious ones among clickCount: left out of the CTR. */
  suspiciousClicks: number;
  ctr: number | null;
}

/** Click-through in %, one decimal, as the server computes it; null with no impression. */
export const clickThroughRate = (clicks: number, impressions: number): number | null =>
  impressions > 0 ? Math.round((clicks * 1000) / impressions) / 10 : null;

export function breakdownByCategoryAndGoal(rows: readonly AffiliateStatsRow[]): BreakdownRow[] {
  const groups = new Map<string, BreakdownRow>();
  for (const r of rows) {
    const key = `${r.bmiCategory ?? ''}|${r.goal ?? ''}`;
    const group = groups.get(key) ?? {
      bmiCategory: r.bmiCategory,
      goal: r.goal,
      impressions: 0,
      clickCount: 0,
      uniqueClicks: 0,
      suspiciousClicks: 0,
      ctr: null,
    };
    group.impressions += r.impressions;
    group.clickCount += r.clickCount;
    group.uniqueClicks += r.uniqueClicks;
    group.suspiciousClicks += r.suspiciousClicks;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, ctr: clickThroughRate(g.clickCount - g.suspiciousClicks, g.impressions) }))
    .sort((a, b) => b.clickCount - a.clickCount || b.impressions - a.impressions);
}
