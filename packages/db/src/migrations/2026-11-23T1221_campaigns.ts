// Campaigns: per UTM campaign and term (utm_campaign / utm_term of the visitor's first
// touch, traffic_sources.campaign / .keyword), the counted visitors who first arrived with them (on their
// first-touch day) and those visitors' offer clicks (on the click's day). The click and the first touch
// travel on different topics, so a click may be applied before its visitor's first touch: it then waits in
// campaign_pending_clicks until the touch says which campaign (if any) it belongs to.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE daily_campaigns (
      date date NOT NULL,
      campaign text NOT NULL,
      term text NOT NULL DEFAULT '',
      visitors integer NOT NULL DEFAULT 0,
      clicks integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, campaign, term)
    )
  `.execute(db);
  await sql`
    CREATE TABLE campaign_pending_clicks (
      visitor_id text NOT NULL,
      date date NOT NULL,
      clicks integer NOT NULL DEFAULT 0,
      PRIMARY KEY (visitor_id, date)
    )
  `.execute(db);
  // Backfill: visitors from every first touch kept; clicks only where the raw click still names the visitor
  // the way traffic_sources does (a consenting visitor's device id) — a daily-key visitor's raw click does
  // not carry the key, so days before this migration count those visitors' clicks as 0.
  await sql`
    INSERT INTO daily_campaigns (date, campaign, term, visitors)
    SELECT first_visit_date, campaign, coalesce(keyword, ''), count(*)::int
    FROM traffic_sources WHERE campaign IS NOT NULL
    GROUP BY 1, 2, 3
  `.execute(db);
  await sql`
    INSERT INTO daily_campaigns (date, campaign, term, clicks)
    SELECT date, campaign, term, count(*)::int FROM (
      -- one campaign per click, even if the visitor has an older row without the v: prefix as well
      SELECT DISTINCT ON (c.event_id) c.click_date AS date, t.campaign, coalesce(t.keyword, '') AS term
      FROM affiliate_clicks c
      JOIN traffic_sources t ON t.visitor_id IN ('v:' || c.visitor_id, c.visitor_id)
      WHERE c.visitor_id IS NOT NULL AND NOT c.is_bot AND c.source <> 'api'
      ORDER BY c.event_id, t.first_visit
    ) AS clicked
    WHERE campaign IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT (date, campaign, term) DO UPDATE SET clicks = daily_campaigns.clicks + excluded.clicks
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS daily_campaigns, campaign_pending_clicks`.execute(db);
}
