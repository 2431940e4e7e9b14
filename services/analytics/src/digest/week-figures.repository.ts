// The figures of one week for the digest, by the dashboard's own reads: every figure of the catalogue
// (figures.repository, as the overview), the funnel's shown steps as the User Journey (conversion_funnel),
// and the most clicked offers as Affiliate Performance (affiliate_daily_clicks). The dates are explicit
// because a digest's week is not "the last N days".
import { sql, type Kysely } from 'kysely';
import { shownFunnelSteps, type FigureValues, type ShownFunnelStep } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { readFigures } from '../figures.repository';
import { toNumber } from '../numbers';
import type { DigestWeek } from './week';

export interface WeekFigures {
  /** Every figure of the catalogue over the week. */
  figures: FigureValues;
  /** Counted visitors at each step the User Journey tab shows. */
  funnel: Record<ShownFunnelStep, number>;
  /** The offers with the most clicks that week (at most 3), with their unique clicks. */
  topOffers: { title: string; clicks: number; uniqueClicks: number }[];
}

export const topOffersInDigest = 3;

export async function readWeekFigures(db: Kysely<Database>, week: DigestWeek): Promise<WeekFigures> {
  const [figures, funnel, topOffers] = await Promise.all([
    readFigures(db, week),
    db
      .selectFrom('conversion_funnel')
      .select(['step', sql<string>`sum(visitors)`.as('visitors')])
      .where('step', 'in', shownFunnelSteps)
      .where('date', '>=', week.from)
      .where('date', '<=', week.to)
      .groupBy('step')
      .execute(),
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
  ]);
  return {
    figures,
    funnel: Object.fromEntries(
      shownFunnelSteps.map((step) => [step, toNumber(funnel.find((r) => r.step === step)?.visitors ?? 0)]),
    ) as Record<ShownFunnelStep, number>,
    topOffers: topOffers.map((o) => ({
      title: o.title,
      clicks: toNumber(o.clicks),
      uniqueClicks: toNumber(o.unique_clicks),
    })),
  };
}
