// Conversions and earnings (docs/counting.md): counted conversions and their revenue per
// arrival day and offer (affiliate_daily_conversions, kept by the offers service's postback) beside the
// period's total clicks (affiliate_daily_clicks). Every rate is over total clicks — the Clickuri column —
// never unique ones: EPC is what a click earns, as the networks' dashboards count it, over the clicks that
// count (a suspicious click and the revenue it brought are left out of it: docs/counting.md, Suspicious click).
import { sql, type Kysely } from 'kysely';
import { clicksThatCount, type Database } from '@bodymetrics/db';
import type { ConversionsByCategoryRow, ConversionsByDayRow } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, type Period } from './period';
import { percentOneDecimal, toNumber } from './numbers';

/** An amount of money to the cent (payouts are stored to 4 decimals, figures show 2). */
export const money = (amount: number): number => Math.round(amount * 100) / 100;

export interface ConversionFigures {
  conversions: number;
  conversionRate: number;
  revenue: number;
  epc: number;
}

/** A slice's clicks: all of them (Clickuri) and the clicks that count (not suspicious). */
export interface ClickSums {
  clicks: number;
  clicksThatCount: number;
}

/** A slice's counted conversions and their revenue, and the part of both whose click was suspicious. */
export interface Sums {
  conversions: number;
  revenue: number;
  suspiciousConversions: number;
  suspiciousRevenue: number;
}

export const noConversions: Sums = {
  conversions: 0,
  revenue: 0,
  suspiciousConversions: 0,
  suspiciousRevenue: 0,
};

/**
 * The four conversion figures of a slice: the rate over its total clicks, EPC over its clicks that count
 * with the revenue they brought (the suspicious clicks' revenue stays in `revenue`, not in EPC).
 */
export function conversionFigures(clicks: ClickSums, sums: Sums): ConversionFigures {
  return {
    conversions: sums.conversions,
    conversionRate: percentOneDecimal(sums.conversions, clicks.clicks),
    revenue: money(sums.revenue),
    epc:
      clicks.clicksThatCount > 0
        ? money((sums.revenue - sums.suspiciousRevenue) / clicks.clicksThatCount)
        : 0,
  };
}

/** The sums of affiliate_daily_conversions' rows, as a query of that table alone selects them. */
const conversionSums = [
  sql<string>`sum(conversions)`.as('conversions'),
  sql<string>`sum(revenue)`.as('revenue'),
  sql<string>`sum(suspicious_conversions)`.as('suspicious_conversions'),
  sql<string>`sum(suspicious_revenue)`.as('suspicious_revenue'),
] as const;

const sumsOf = (r: {
  conversions: string;
  revenue: string;
  suspicious_conversions: string;
  suspicious_revenue: string;
}): Sums => ({
  conversions: toNumber(r.conversions),
  revenue: toNumber(r.revenue),
  suspiciousConversions: toNumber(r.suspicious_conversions),
  suspiciousRevenue: toNumber(r.suspicious_revenue),
});

/** The sums of affiliate_daily_clicks' rows (a query of that table alone): all clicks and the clicks that count. */
const clickSums = [
  sql<string>`sum(clicks)`.as('clicks'),
  sql<string>`sum(${clicksThatCount()})`.as('clicks_that_count'),
] as const;

const clickSumsOf = (r: { clicks: string; clicks_that_count: string }): ClickSums => ({
  clicks: toNumber(r.clicks),
  clicksThatCount: toNumber(r.clicks_that_count),
});

/** Counted conversions and revenue per offer over the period. */
export async function conversionsPerOffer(db: Kysely<Database>, period: Period): Promise<Map<number, Sums>> {
  const rows = await db
    .selectFrom('affiliate_daily_conversions')
    .select(['offer_id', ...conversionSums])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .groupBy('offer_id')
    .execute();
  return new Map(rows.map((r) => [r.offer_id, sumsOf(r)]));
}

/** A slice's clicks and conversions, before its figures are worked out. */
interface Slice {
  clicks: ClickSums;
  sums: Sums;
}
const emptySlice = (): Slice => ({ clicks: { clicks: 0, clicksThatCount: 0 }, sums: noConversions });

/** The period's revenue: the "Venit" card. */
export async function readPeriodRevenue(db: Kysely<Database>, period: Period): Promise<number> {
  const row = await db
    .selectFrom('affiliate_daily_conversions')
    .select(sql<string>`coalesce(sum(revenue), 0)`.as('revenue'))
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .executeTakeFirstOrThrow();
  return money(toNumber(row.revenue));
}

/** Each day of the period with a click or a conversion, oldest first. */
export async function readConversionsByDay(
  db: Kysely<Database>,
  period: Period,
  currency: string,
): Promise<ConversionsByDayRow[]> {
  const [clicks, conversions] = await Promise.all([
    db
      .selectFrom('affiliate_daily_clicks')
      .select(['date', ...clickSums])
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .groupBy('date')
      .execute(),
    db
      .selectFrom('affiliate_daily_conversions')
      .select(['date', ...conversionSums])
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .groupBy('date')
      .execute(),
  ]);
  const days = new Map<string, Slice>();
  const day = (date: string) => {
    const found = days.get(date) ?? emptySlice();
    days.set(date, found);
    return found;
  };
  for (const r of clicks) day(r.date).clicks = clickSumsOf(r);
  for (const r of conversions) day(r.date).sums = sumsOf(r);
  return [...days.entries()]
    .filter(([, d]) => d.clicks.clicks > 0 || d.sums.conversions > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, d]) => ({
      date,
      clicks: d.clicks.clicks,
      ...conversionFigures(d.clicks, d.sums),
      currency,
    }));
}

/** Per BMI category and goal of the clicked offer (its placement), by revenue then clicks. */
export async function readConversionsByCategory(
  db: Kysely<Database>,
  period: Period,
  currency: string,
): Promise<ConversionsByCategoryRow[]> {
  const [clicks, conversions] = await Promise.all([
    db
      .selectFrom('affiliate_daily_clicks as c')
      .innerJoin('affiliate_offers as o', 'o.id', 'c.offer_id')
      .select([
        'o.bmi_category',
        'o.goal',
        sql<string>`sum(c.clicks)`.as('clicks'),
        sql<string>`sum(${clicksThatCount({ table: 'c' })})`.as('clicks_that_count'),
      ])
      .where('c.date', '>=', firstDateOf(period))
      .where('c.date', '<=', lastDateOf(period))
      .groupBy(['o.bmi_category', 'o.goal'])
      .execute(),
    db
      .selectFrom('affiliate_daily_conversions as v')
      .innerJoin('affiliate_offers as o', 'o.id', 'v.offer_id')
      .select([
        'o.bmi_category',
        'o.goal',
        sql<string>`sum(v.conversions)`.as('conversions'),
        sql<string>`sum(v.revenue)`.as('revenue'),
        sql<string>`sum(v.suspicious_conversions)`.as('suspicious_conversions'),
        sql<string>`sum(v.suspicious_revenue)`.as('suspicious_revenue'),
      ])
      .where('v.date', '>=', firstDateOf(period))
      .where('v.date', '<=', lastDateOf(period))
      .groupBy(['o.bmi_category', 'o.goal'])
      .execute(),
  ]);
  const slices = new Map<string, { bmiCategory: string; goal: string } & Slice>();
  const slice = (bmiCategory: string, goal: string) => {
    const key = `${bmiCategory}\u0000${goal}`;
    const found = slices.get(key) ?? { bmiCategory, goal, ...emptySlice() };
    slices.set(key, found);
    return found;
  };
  for (const r of clicks) slice(r.bmi_category, r.goal).clicks = clickSumsOf(r);
  for (const r of conversions) slice(r.bmi_category, r.goal).sums = sumsOf(r);
  return [...slices.values()]
    .filter((s) => s.clicks.clicks > 0 || s.sums.conversions > 0)
    .sort(
      (a, b) =>
        b.sums.revenue - a.sums.revenue ||
        b.clicks.clicks - a.clicks.clicks ||
        a.bmiCategory.localeCompare(b.bmiCategory) ||
        a.goal.localeCompare(b.goal),
    )
    .map((s) => ({
      bmiCategory: s.bmiCategory,
      goal: s.goal,
      clicks: s.clicks.clicks,
      ...conversionFigures(s.clicks, s.sums),
      currency,
    }));
}
