// Checked clicks (docs/counting.md: Suspicious click): every offer click keeps the aggregator's verdict —
// suspicious or not, and why — and the aggregates that EPC, CTR and the suspicious shares read carry the
// suspicious clicks beside the clicks. Clicks stored before this were never judged: they stay not suspicious,
// and the new counters start at 0 (so a share covers the clicks judged since). Daily traffic gains the
// clicks of each source's first-touch visitors, the denominator of its suspicious share.
//
// The verdict's look-backs by visitor and by network have indexes of their own (2026-11-28T0900); a
// visitor's earlier clicks on an offer are a range of affiliate_clicks_offer_idx, and the impressions of the
// 800 ms before a click one of offer_impressions_shown_at_idx.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // On the partitioned parent: every month's partition gets the columns.
  await sql`
    ALTER TABLE affiliate_clicks
      ADD COLUMN suspicious boolean NOT NULL DEFAULT false,
      ADD COLUMN suspicion_reasons text[] NOT NULL DEFAULT '{}';

    ALTER TABLE affiliate_daily_clicks
      ADD COLUMN suspicious_clicks integer NOT NULL DEFAULT 0,
      ADD COLUMN bridge_suspicious_clicks integer NOT NULL DEFAULT 0,
      ADD COLUMN results_suspicious_clicks integer NOT NULL DEFAULT 0;
    ALTER TABLE daily_campaigns ADD COLUMN suspicious_clicks integer NOT NULL DEFAULT 0;
    ALTER TABLE campaign_pending_clicks ADD COLUMN suspicious_clicks integer NOT NULL DEFAULT 0;
    ALTER TABLE daily_traffic
      ADD COLUMN clicks integer NOT NULL DEFAULT 0,
      ADD COLUMN suspicious_clicks integer NOT NULL DEFAULT 0;

    ALTER TABLE offer_conversions ADD COLUMN suspicious_click boolean NOT NULL DEFAULT false;
    ALTER TABLE affiliate_daily_conversions
      ADD COLUMN suspicious_conversions integer NOT NULL DEFAULT 0,
      ADD COLUMN suspicious_revenue numeric(16, 4) NOT NULL DEFAULT 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE affiliate_daily_conversions
      DROP COLUMN IF EXISTS suspicious_conversions,
      DROP COLUMN IF EXISTS suspicious_revenue;
    ALTER TABLE offer_conversions DROP COLUMN IF EXISTS suspicious_click;
    ALTER TABLE daily_traffic DROP COLUMN IF EXISTS clicks, DROP COLUMN IF EXISTS suspicious_clicks;
    ALTER TABLE campaign_pending_clicks DROP COLUMN IF EXISTS suspicious_clicks;
    ALTER TABLE daily_campaigns DROP COLUMN IF EXISTS suspicious_clicks;
    ALTER TABLE affiliate_daily_clicks
      DROP COLUMN IF EXISTS suspicious_clicks,
      DROP COLUMN IF EXISTS bridge_suspicious_clicks,
      DROP COLUMN IF EXISTS results_suspicious_clicks;
    ALTER TABLE affiliate_clicks DROP COLUMN IF EXISTS suspicious, DROP COLUMN IF EXISTS suspicion_reasons;
  `.execute(db);
}
