// The figures of one week for the digest, from the same aggregates and by the same rules as the
// dashboard's (README "How we count"): visitors and page views as the daily rows (daily_visits, summed over
// the days), the funnel's shown steps as the User Journey (conversion_funnel), clicks and unique clicks as Affiliate
// Performance (affiliate_daily_clicks), revenue as the "Venit" card (affiliate_daily_conversions). The dates
// are explicit because a digest's week is not "the last N days".
import { sql, type Kysely } from 'kysely';
import { shownFunnelSteps, type ShownFunnelStep } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { toNumber } from '../numbers';
import type { DigestWeek } from './week';

export interface WeekFigures {
  visitors: number;
  pageViews: number;
  /** Counted visitors at each step the User Journey tab shows. */
  funnel: Record<ShownFunnelStep, number>;
  clicks: number;
  /** The offers with the most clicks that week (at most 3), with their unique clicks. */
  topOffers: { title: string; clicks: number; uniqueClicks: number }[];
  /** Revenue of the week's counted postback conversions (weekRevenue). */
  revenue: number;
}

export const topOffersInDigest = 3;

/**
 * The week's revenue: the payouts of the counted conversions that arrived in it (affiliate_daily_conversions,
 * the "Venit" card's table and rule), in REVENUE_CURRENCY, to the cent.
 */
export async function weekRevenue(db: Kysely<Database>, week: DigestWeek): Promise<number> {
  const row = await db
    .selectFrom('affiliate_daily_conversions')
    .select(sql<string>`coalesce(sum(revenue), 0)`.as('revenue'))
    .where('date', '>=', week.from)
    .where('date', '<=', week.to)
    .executeTakeFirstOrThrow();
  return Math.round(toNumber(row.revenue) * 100) / 100;
}

export async function readWeekFigures(db: Kysely<Database>, week: DigestWeek): Promise<WeekFigures> {
  const [visits, funnel, clicks, topOffers, revenue] = await Promise.all([
    db
      .selectFrom('daily_visits')
      .select([
        sql<string>`coalesce(sum(unique_visitors), 0)`.as('visitors'),
        sql<string>`coalesce(sum(total_page_views), 0)`.as('page_views'),
      ])
      .where('date', '>=', week.from)
      .where('date', '<=', week.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('conversion_funnel')
      .select(['step', sql<string>`sum(visitors)`.as('visitors')])
      .where('step', 'in', shownFunnelSteps)
      .where('date', '>=', week.from)
      .where('date', '<=', week.to)
      .groupBy('step')
      .execute(),
    db
      .selectFrom('affiliate_daily_clicks')
      .select(sql<string>`coalesce(sum(clicks), 0)`.as('clicks'))
      .where('date', '>=', week.from)
      .where('date', '<=', week.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('affiliate_daily_clicks as c')
      .innerJoin('affiliate_offers as o', 'o.id', 'c.offer_id')
      .select([
        'o.title',
        sql<string>`sum(c.clicks)`.as('clicks'),
        sql<string>`sum(c.unique_clicks)`.as('unique_clicks'),
      ])
      .where('c.date', '>=', week.from)
      .where('c.date', '<=', week.to)
      .groupBy(['o.id', 'o.title'])
      .orderBy(sql`sum(c.clicks)`, 'desc')
      .orderBy('o.title')
      .limit(topOffersInDigest)
      .execute(),
    weekRevenue(db, week),
  ]);
  return {
    visitors: toNumber(visits.visitors),
    pageViews: toNumber(visits.page_views),
    funnel: Object.fromEntries(
      shownFunnelSteps.map((step) => [step, toNumber(funnel.find((r) => r.step === step)?.visitors ?? 0)]),
    ) as Record<ShownFunnelStep, number>,
    clicks: toNumber(clicks.clicks),
    topOffers: topOffers.map((o) => ({
      title: o.title,
      clicks: toNumber(o.clicks),
      uniqueClicks: toNumber(o.unique_clicks),
    })),
    revenue,
  };
}
