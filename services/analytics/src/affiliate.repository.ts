// Affiliate Performance and Recent Activity tabs. Performance reads the per-day click aggregate; recent
// clicks is the one read of a raw table, bounded by the clicked_at index and a LIMIT.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import type { AffiliateStatsRow, RecentClick } from '@bodymetrics/contracts';
import { periodStartIn, todayIn, type Period } from './period';
import { toNumber } from './numbers';

export async function readAffiliateStats(
  db: Kysely<Database>,
  { timeZone, days }: Period,
): Promise<AffiliateStatsRow[]> {
  const rows = await db
    .selectFrom('affiliate_daily_clicks as c')
    .leftJoin('affiliate_offers as o', 'o.id', 'c.offer_id')
    .select([
      'c.offer_id',
      'o.title',
      'o.url',
      sql<string>`sum(c.clicks)`.as('click_count'),
      // Unique per visitor, offer and day, so the period's figure is the sum of its days'.
      sql<string>`sum(c.unique_clicks)`.as('unique_clicks'),
      sql<Date>`max(c.last_clicked_at)`.as('last_clicked'),
    ])
    .where('c.date', '>=', periodStartIn(timeZone, days))
    .where('c.date', '<=', todayIn(timeZone))
    .groupBy(['c.offer_id', 'o.title', 'o.url'])
    .having(sql`sum(c.clicks)`, '>', 0)
    .orderBy(sql`sum(c.clicks)`, 'desc')
    .orderBy('c.offer_id')
    .execute();
  return rows.map((r) => ({
    offerId: r.offer_id,
    // An offer removed since its clicks were counted still gets a row the operator can recognise.
    offerTitle: r.title ?? `Offer #${r.offer_id}`,
    offerUrl: r.url ?? '',
    clickCount: toNumber(r.click_count),
    uniqueClicks: toNumber(r.unique_clicks),
    lastClicked: r.last_clicked ? new Date(r.last_clicked).toISOString() : null,
  }));
}

export async function readRecentClicks(db: Kysely<Database>, limit: number): Promise<RecentClick[]> {
  const rows = await db
    .selectFrom('affiliate_clicks')
    .select(['event_id', 'offer_title', 'visitor_id', 'ip_address', 'clicked_at'])
    // A bot's click is stored (raw) but never listed, like it is never counted.
    .where('is_bot', '=', false)
    .orderBy('clicked_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.event_id,
    offerTitle: r.offer_title,
    visitorId: r.visitor_id,
    ipAddress: r.ip_address,
    clickedAt: new Date(r.clicked_at).toISOString(),
  }));
}
