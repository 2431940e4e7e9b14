// Conversions and earnings (docs/counting.md): counted conversions and their revenue per
// arrival day and offer (affiliate_daily_conversions, kept by the offers service's postback) beside the
// period's total clicks (affiliate_daily_clicks). Every rate is over total clicks — the Clickuri column —
// never unique ones: EPC is what a click earns, as the networks' dashboards count it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
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

/** The four conversion figures of a slice with `clicks` total clicks, `conversions` and `revenue`. */
export function conversionFigures(clicks: number, conversions: number, revenue: number): ConversionFigures {
  return {
    conversions,
    conversionRate: percentOneDecimal(conversions, clicks),
    revenue: money(revenue),
    epc: clicks > 0 ? money(revenue / clicks) : 0,
  };
}

interface Sums {
  conversions: number;
  revenue: number;
}

/** Counted conversions and revenue per offer over the period. */
export async function conversionsPerOffer(db: Kysely<Database>, period: Period): Promise<Map<number, Sums>> {
  const rows = await db
    .selectFrom('affiliate_daily_conversions')
    .select([
      'offer_id',
      sql<string>`sum(conversions)`.as('conversions'),
      sql<string>`sum(revenue)`.as('revenue'),
    ])
    .where('date', '>=', firstDateOf(period))
    .where('date', '<=', lastDateOf(period))
    .groupBy('offer_id')
    .execute();
  return new Map(
    rows.map((r) => [r.offer_id, { conversions: toNumber(r.conversions), revenue: toNumber(r.revenue) }]),
  );
}

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
      .select(['date', sql<string>`sum(clicks)`.as('clicks')])
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .groupBy('date')
      .execute(),
    db
      .selectFrom('affiliate_daily_conversions')
      .select([
        'date',
        sql<string>`sum(conversions)`.as('conversions'),
        sql<string>`sum(revenue)`.as('revenue'),
      ])
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .groupBy('date')
      .execute(),
  ]);
  const days = new Map<string, { clicks: number } & Sums>();
  const day = (date: string) => {
    const found = days.get(date) ?? { clicks: 0, conversions: 0, revenue: 0 };
    days.set(date, found);
    return found;
  };
  for (const r of clicks) day(r.date).clicks = toNumber(r.clicks);
  for (const r of conversions) {
    const d = day(r.date);
    d.conversions = toNumber(r.conversions);
    d.revenue = toNumber(r.revenue);
  }
  return [...days.entries()]
    .filter(([, d]) => d.clicks > 0 || d.conversions > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, d]) => ({
      date,
      clicks: d.clicks,
      ...conversionFigures(d.clicks, d.conversions, d.revenue),
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
      .select(['o.bmi_category', 'o.goal', sql<string>`sum(c.clicks)`.as('clicks')])
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
      ])
      .where('v.date', '>=', firstDateOf(period))
      .where('v.date', '<=', lastDateOf(period))
      .groupBy(['o.bmi_category', 'o.goal'])
      .execute(),
  ]);
  const slices = new Map<string, { bmiCategory: string; goal: string; clicks: number } & Sums>();
  const slice = (bmiCategory: string, goal: string) => {
    const key = `${bmiCategory}\u0000${goal}`;
    const found = slices.get(key) ?? { bmiCategory, goal, clicks: 0, conversions: 0, revenue: 0 };
    slices.set(key, found);
    return found;
  };
  for (const r of clicks) slice(r.bmi_category, r.goal).clicks = toNumber(r.clicks);
  for (const r of conversions) {
    const s = slice(r.bmi_category, r.goal);
    s.conversions = toNumber(r.conversions);
    s.revenue = toNumber(r.revenue);
  }
  return [...slices.values()]
    .filter((s) => s.clicks > 0 || s.conversions > 0)
    .sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.clicks - a.clicks ||
        a.bmiCategory.localeCompare(b.bmiCategory) ||
        a.goal.localeCompare(b.goal),
    )
    .map((s) => ({
      bmiCategory: s.bmiCategory,
      goal: s.goal,
      clicks: s.clicks,
      ...conversionFigures(s.clicks, s.conversions, s.revenue),
      currency,
    }));
}
