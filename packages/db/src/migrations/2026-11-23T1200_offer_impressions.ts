// Offer impressions. A bridge or results page view reports the offers it showed
// (POST /api/analytics/offer-impression → tracking.offer-impression.v1). offer_impressions holds one raw row
// per call, keyed by its event id (a redelivered call counts nothing twice); offer_impression_visitors is the
// "seen before?" set — one row per counted visitor, offer, placement and day, like affiliate_click_visitors —
// and offer_daily_impressions the per-day figure the dashboard reads. Nothing to backfill there: no impression
// was recorded before this release.
//
// Click-through by placement needs the clicks by placement too: affiliate_daily_clicks gains bridge_clicks and
// results_clicks (the clicks made on each page; their sum is `clicks`), filled from the raw clicks still held
// (days already past retention keep 0).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE affiliate_daily_clicks
      ADD COLUMN bridge_clicks integer NOT NULL DEFAULT 0,
      ADD COLUMN results_clicks integer NOT NULL DEFAULT 0
  `.execute(db);
  await sql`
    UPDATE affiliate_daily_clicks AS c
    SET bridge_clicks = r.bridge, results_clicks = r.results
    FROM (
      SELECT click_date, offer_id,
        (count(*) FILTER (WHERE source = 'bridge'))::int AS bridge,
        (count(*) FILTER (WHERE source = 'results'))::int AS results
      FROM affiliate_clicks WHERE NOT is_bot AND source <> 'api'
      GROUP BY click_date, offer_id
    ) AS r
    WHERE c.date = r.click_date AND c.offer_id = r.offer_id
  `.execute(db);
  await sql`
    CREATE TABLE offer_impressions (
      event_id uuid PRIMARY KEY,
      visitor_id text NOT NULL,
      session_id text NOT NULL,
      placement text NOT NULL CHECK (placement IN ('bridge', 'results')),
      offer_ids integer[] NOT NULL,
      is_bot boolean NOT NULL DEFAULT false,
      shown_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX offer_impressions_shown_at_idx ON offer_impressions (shown_at)`.execute(db);
  await sql`
    CREATE TABLE offer_impression_visitors (
      date date NOT NULL,
      offer_id integer NOT NULL,
      placement text NOT NULL,
      visitor_id text NOT NULL,
      PRIMARY KEY (date, offer_id, placement, visitor_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE offer_daily_impressions (
      date date NOT NULL,
      offer_id integer NOT NULL,
      placement text NOT NULL CHECK (placement IN ('bridge', 'results')),
      impressions integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, offer_id, placement)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS offer_daily_impressions, offer_impression_visitors, offer_impressions`.execute(
    db,
  );
  await sql`
    ALTER TABLE affiliate_daily_clicks DROP COLUMN IF EXISTS bridge_clicks, DROP COLUMN IF EXISTS results_clicks
  `.execute(db);
}
