// What each active offer did over the share window (OFFER_SHARE_WINDOW_DAYS, the last N days of the
// operator's time zone, today included): its impressions (bridge and results, docs/counting.md: Impressions)
// and its counted conversions with their payouts (docs/counting.md: Conversions) but those of suspicious
// clicks, which are left out of what a click is worth (docs/counting.md: Suspicious click). The shares are
// computed from these alone.
import { sql, type Kysely, type Transaction } from 'kysely';
import { shiftDate, type BmiCategory, type Goal } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import type { OfferEvidence } from './shares/thompson-sampling';

type Executor = Kysely<Database> | Transaction<Database>;

export interface SegmentedEvidence extends OfferEvidence {
  bmiCategory: BmiCategory;
  goal: Goal;
}

/** The first date of the window of `days` days ending `today`. */
export const windowStart = (today: string, days: number): string => shiftDate(today, -(days - 1));

export async function activeOfferEvidence(db: Executor, since: string): Promise<SegmentedEvidence[]> {
  const rows = await db
    .selectFrom('affiliate_offers as o')
    .select((eb) => [
      'o.id',
      'o.bmi_category',
      'o.goal',
      eb
        .selectFrom('offer_daily_impressions as i')
        .select(sql<string>`coalesce(sum(i.impressions), 0)`.as('n'))
        .whereRef('i.offer_id', '=', 'o.id')
        .where('i.date', '>=', since)
        .as('impressions'),
      eb
        .selectFrom('affiliate_daily_conversions as c')
        .select(sql<string>`coalesce(sum(c.conversions - c.suspicious_conversions), 0)`.as('n'))
        .whereRef('c.offer_id', '=', 'o.id')
        .where('c.date', '>=', since)
        .as('conversions'),
      eb
        .selectFrom('affiliate_daily_conversions as c')
        .select(sql<string>`coalesce(sum(c.revenue - c.suspicious_revenue), 0)`.as('n'))
        .whereRef('c.offer_id', '=', 'o.id')
        .where('c.date', '>=', since)
        .as('revenue'),
    ])
    .where('o.active', '=', true)
    .orderBy('o.id')
    .execute();
  return rows.map((row) => ({
    offerId: row.id,
    bmiCategory: row.bmi_category,
    goal: row.goal,
    impressions: Number(row.impressions ?? 0),
    conversions: Number(row.conversions ?? 0),
    revenue: Number(row.revenue ?? 0),
  }));
}
