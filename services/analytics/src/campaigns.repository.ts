// Campaigns tab: per UTM campaign and term, the period's first-touch visitors and their offer clicks
// (daily_campaigns, summed over the days), and the conversions and revenue of clicks by those visitors
// that arrived in the period (docs/counting.md: Campaigns), most visitors first.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import type { CampaignRow } from '@bodymetrics/contracts';
import { firstDateOf, lastDateOf, type Period } from './period';
import { money } from './conversions.repository';
import { percentOneDecimalOrNull, toNumber } from './numbers';

/** The aggregates key "no utm_term" as '' (part of daily_campaigns' primary key); the read model says null. */
const keyOf = (campaign: string, term: string) => `${campaign}\u0000${term}`;

/**
 * Counted conversions that arrived in the period (as the Venit card counts them), each in the first-touch
 * campaign of the visitor whose click it converted: offer_conversions → the click (by click id; its raw row
 * names the visitor as counted) → that visitor's first touch. A conversion whose click has left retention, or
 * whose visitor came without a campaign, is in no row.
 */
async function conversionsPerCampaign(db: Kysely<Database>, period: Period) {
  return db
    .selectFrom('offer_conversions as oc')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('affiliate_clicks as c')
          .select('c.visitor_key')
          .whereRef('c.click_id', '=', 'oc.click_id')
          // The postback takes a click id's earliest click (a page's retry may store it twice).
          .orderBy('c.clicked_at')
          .limit(1)
          .as('click'),
      (join) => join.onTrue(),
    )
    .innerJoin('traffic_sources as t', 't.visitor_id', 'click.visitor_key')
    .select([
      't.campaign',
      sql<string>`coalesce(t.keyword, '')`.as('term'),
      sql<string>`count(*)`.as('conversions'),
      sql<string>`sum(oc.payout)`.as('revenue'),
    ])
    .where('oc.is_bot_click', '=', false)
    .where('oc.conversion_date', '>=', firstDateOf(period))
    .where('oc.conversion_date', '<=', lastDateOf(period))
    .where('t.campaign', 'is not', null)
    .groupBy(['t.campaign', sql`coalesce(t.keyword, '')`])
    .execute();
}

export async function readCampaigns(db: Kysely<Database>, period: Period): Promise<CampaignRow[]> {
  const [counted, converted] = await Promise.all([
    db
      .selectFrom('daily_campaigns')
      .select([
        'campaign',
        'term',
        sql<string>`sum(visitors)`.as('visitors'),
        sql<string>`sum(clicks)`.as('clicks'),
        sql<string>`sum(suspicious_clicks)`.as('suspicious_clicks'),
      ])
      .where('date', '>=', firstDateOf(period))
      .where('date', '<=', lastDateOf(period))
      .groupBy(['campaign', 'term'])
      .execute(),
    conversionsPerCampaign(db, period),
  ]);
  const rows = new Map<string, CampaignRow>();
  const rowOf = (campaign: string, term: string): CampaignRow => {
    const key = keyOf(campaign, term);
    let row = rows.get(key);
    if (!row) {
      row = {
        campaign,
        term: term === '' ? null : term,
        visitors: 0,
        clicks: 0,
        conversions: 0,
        revenue: 0,
        suspiciousClicks: 0,
        suspiciousShare: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const r of counted) {
    const row = rowOf(r.campaign, r.term);
    row.visitors = toNumber(r.visitors);
    row.clicks = toNumber(r.clicks);
    row.suspiciousClicks = toNumber(r.suspicious_clicks);
    row.suspiciousShare = percentOneDecimalOrNull(row.suspiciousClicks, row.clicks);
  }
  // A campaign can convert in a period in which none of its visitors arrived or clicked: it gets a row too.
  for (const r of converted) {
    const row = rowOf(r.campaign!, r.term);
    row.conversions = toNumber(r.conversions);
    row.revenue = money(toNumber(r.revenue));
  }
  // Most visitors, then most clicks, then most revenue; ties by campaign and term in code-point order (the
  // same order whatever the database's collation).
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows.values()].sort(
    (a, b) =>
      b.visitors - a.visitors ||
      b.clicks - a.clicks ||
      b.revenue - a.revenue ||
      byText(a.campaign, b.campaign) ||
      byText(a.term ?? '', b.term ?? ''),
  );
}
