// Affiliate Performance and Recent Activity tabs. Performance reads the per-day click and impression
// aggregates; recent clicks is the one read of a raw table, bounded by the clicked_at index and a LIMIT:
// affiliate_clicks is partitioned by month, so Postgres merges the newest rows of each month's clicked_at
// index and stops at the LIMIT (recent-clicks-bound.integration.test.ts checks the plan).
import { sql, type Kysely } from 'kysely';
import { clicksThatCount, type Database } from '@bodymetrics/db';
import type { AffiliateStatsRow, RecentClick } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, type Period } from './period';
import { percentOneDecimalOrNull, toNumber } from './numbers';
import { conversionFigures, conversionsPerOffer, noConversions } from './conversions.repository';

/**
 * Click-through in %, one decimal: the clicks that count ÷ impressions; null when nothing was shown (not
 * "0 %").
 */
export const clickThroughRate = percentOneDecimalOrNull;

export async function readAffiliateStats(db: Kysely<Database>, period: Period): Promise<AffiliateStatsRow[]> {
  const [clickRows, conversions] = await Promise.all([
    readClickRows(db, period),
    conversionsPerOffer(db, period),
  ]);
  // Conversions: an offer whose conversions arrived in the period but whose clicks did not
  // still gets its row (0 clicks), after the clicked ones, so the period's revenue adds up across the rows.
  const clickless = [...conversions.keys()].filter((id) => !clickRows.some((r) => r.offerId === id));
  const offers = clickless.length
    ? await db
        .selectFrom('affiliate_offers')
        .select(['id', 'title', 'url', 'bmi_category', 'goal'])
        .where('id', 'in', clickless)
        .execute()
    : [];
  const rows = [
    ...clickRows,
    ...clickless
      .sort((a, b) => a - b)
      .map((offerId) => {
        const offer = offers.find((o) => o.id === offerId);
        return {
          offerId,
          offerTitle: offer?.title ?? `Offer #${offerId}`,
          offerUrl: offer?.url ?? '',
          clickCount: 0,
          uniqueClicks: 0,
          lastClicked: null,
          bmiCategory: offer?.bmi_category ?? null,
          goal: offer?.goal ?? null,
          impressions: 0,
          ctr: null,
          bridgeImpressions: 0,
          bridgeClicks: 0,
          bridgeCtr: null,
          resultsImpressions: 0,
          resultsClicks: 0,
          resultsCtr: null,
          suspiciousClicks: 0,
          suspiciousShare: null,
        };
      }),
  ];
  return rows.map((row) => {
    const sums = conversions.get(row.offerId) ?? noConversions;
    const clicks = { clicks: row.clickCount, clicksThatCount: row.clickCount - row.suspiciousClicks };
    return {
      ...row,
      ...conversionFigures(clicks, sums),
      suspiciousConversions: sums.suspiciousConversions,
    };
  });
}

type ClickRow = Omit<
  AffiliateStatsRow,
  'conversions' | 'conversionRate' | 'revenue' | 'epc' | 'suspiciousConversions'
>;

/**
 * Per offer over the period: its clicks (affiliate_daily_clicks) beside its impressions
 * (offer_daily_impressions), joined in full so an offer shown but never clicked gets its row too.
 */
async function readClickRows(db: Kysely<Database>, period: Period): Promise<ClickRow[]> {
  const rows = await db
    .with('c', (qb) =>
      qb
        .selectFrom('affiliate_daily_clicks')
        .select([
          'offer_id',
          sql<string>`sum(clicks)`.as('click_count'),
          // Unique per visitor, offer and day, so the period's figure is the sum of its days'.
          sql<string>`sum(unique_clicks)`.as('unique_clicks'),
          sql<string>`sum(bridge_clicks)`.as('bridge_clicks'),
          sql<string>`sum(results_clicks)`.as('results_clicks'),
          sql<Date>`max(last_clicked_at)`.as('last_clicked'),
          sql<string>`sum(suspicious_clicks)`.as('suspicious_clicks'),
          // CTR is of the clicks that count (docs/counting.md: CTR, Suspicious click).
          sql<string>`sum(${clicksThatCount({ placement: 'bridge' })})`.as('bridge_clicks_that_count'),
          sql<string>`sum(${clicksThatCount({ placement: 'results' })})`.as('results_clicks_that_count'),
        ])
        .where('date', '>=', firstDateOf(period))
        .where('date', '<=', lastDateOf(period))
        .groupBy('offer_id'),
    )
    .with('i', (qb) =>
      qb
        .selectFrom('offer_daily_impressions')
        .select([
          'offer_id',
          sql<string>`sum(impressions) filter (where placement = 'bridge')`.as('bridge_impressions'),
          sql<string>`sum(impressions) filter (where placement = 'results')`.as('results_impressions'),
        ])
        .where('date', '>=', firstDateOf(period))
        .where('date', '<=', lastDateOf(period))
        .groupBy('offer_id'),
    )
    .selectFrom('c')
    .fullJoin('i', 'i.offer_id', 'c.offer_id')
    .leftJoin('affiliate_offers as o', (join) =>
      join.on(sql<boolean>`o.id = coalesce(c.offer_id, i.offer_id)`),
    )
    .select([
      sql<number>`coalesce(c.offer_id, i.offer_id)`.as('offer_id'),
      'o.title',
      'o.url',
      'o.bmi_category',
      'o.goal',
      'c.click_count',
      'c.unique_clicks',
      'c.bridge_clicks',
      'c.results_clicks',
      'c.last_clicked',
      'c.suspicious_clicks',
      'c.bridge_clicks_that_count',
      'c.results_clicks_that_count',
      'i.bridge_impressions',
      'i.results_impressions',
    ])
    .where((eb) =>
      eb.or([
        eb(sql`coalesce(c.click_count, 0)`, '>', 0),
        eb(sql`coalesce(i.bridge_impressions, 0) + coalesce(i.results_impressions, 0)`, '>', 0),
      ]),
    )
    .orderBy(sql`coalesce(c.click_count, 0)`, 'desc')
    .orderBy(sql`coalesce(i.bridge_impressions, 0) + coalesce(i.results_impressions, 0)`, 'desc')
    .orderBy(sql`coalesce(c.offer_id, i.offer_id)`)
    .execute();
  return rows.map((r) => {
    const clickCount = toNumber(r.click_count);
    const bridgeClicks = toNumber(r.bridge_clicks);
    const resultsClicks = toNumber(r.results_clicks);
    const bridgeImpressions = toNumber(r.bridge_impressions);
    const resultsImpressions = toNumber(r.results_impressions);
    const impressions = bridgeImpressions + resultsImpressions;
    const suspiciousClicks = toNumber(r.suspicious_clicks);
    const bridgeClicksThatCount = toNumber(r.bridge_clicks_that_count);
    const resultsClicksThatCount = toNumber(r.results_clicks_that_count);
    return {
      offerId: r.offer_id,
      // An offer removed since its clicks were counted still gets a row the operator can recognise.
      offerTitle: r.title ?? `Offer #${r.offer_id}`,
      offerUrl: r.url ?? '',
      clickCount,
      uniqueClicks: toNumber(r.unique_clicks),
      lastClicked: r.last_clicked ? new Date(r.last_clicked).toISOString() : null,
      // Impressions and click-through.
      bmiCategory: r.bmi_category ?? null,
      goal: r.goal ?? null,
      impressions,
      ctr: clickThroughRate(clickCount - suspiciousClicks, impressions),
      bridgeImpressions,
      bridgeClicks,
      bridgeCtr: clickThroughRate(bridgeClicksThatCount, bridgeImpressions),
      resultsImpressions,
      resultsClicks,
      resultsCtr: clickThroughRate(resultsClicksThatCount, resultsImpressions),
      suspiciousClicks,
      suspiciousShare: percentOneDecimalOrNull(suspiciousClicks, clickCount),
    };
  });
}

/** The Recent Activity query (apart, so its plan can be checked). */
export const recentClicksQuery = (db: Kysely<Database>, limit: number) =>
  db
    .selectFrom('affiliate_clicks')
    .select(['event_id', 'offer_title', 'visitor_id', 'ip_address', 'clicked_at'])
    // A bot's click is stored (raw) but never listed, like it is never counted.
    .where('is_bot', '=', false)
    .orderBy('clicked_at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit);

export async function readRecentClicks(db: Kysely<Database>, limit: number): Promise<RecentClick[]> {
  const rows = await recentClicksQuery(db, limit).execute();
  return rows.map((r) => ({
    id: r.event_id,
    offerTitle: r.offer_title,
    visitorId: r.visitor_id,
    ipAddress: r.ip_address,
    clickedAt: new Date(r.clicked_at).toISOString(),
  }));
}
