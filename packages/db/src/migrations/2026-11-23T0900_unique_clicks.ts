// Unique clicks: one per counted visitor, offer and day, with affiliate_click_visitors as
// the "seen before?" set (like daily_visitors). The offer's own counter (affiliate_offers.clicks) is fed by
// the spec's POST /api/affiliate-offers/{id}/click, which is not an analytics click: offer_counter_clicks
// holds one row per such call, keyed by its event id, so a replayed call moves the counter once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE affiliate_daily_clicks ADD COLUMN unique_clicks integer NOT NULL DEFAULT 0`.execute(
    db,
  );
  await sql`
    CREATE TABLE affiliate_click_visitors (
      date date NOT NULL,
      offer_id integer NOT NULL,
      visitor_id text NOT NULL,
      PRIMARY KEY (date, offer_id, visitor_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE offer_counter_clicks (
      event_id uuid PRIMARY KEY,
      offer_id integer NOT NULL,
      is_bot boolean NOT NULL DEFAULT false,
      clicked_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX offer_counter_clicks_clicked_at_idx ON offer_counter_clicks (clicked_at)`.execute(
    db,
  );
  // The days still held raw get their unique clicks from the raw rows (by the visitor id they carry: the
  // server's visitor key did not exist yet); days already past retention keep 0.
  await sql`
    INSERT INTO affiliate_click_visitors (date, offer_id, visitor_id)
    SELECT DISTINCT click_date, offer_id, visitor_id FROM affiliate_clicks
    WHERE visitor_id IS NOT NULL AND NOT is_bot AND source <> 'api'
  `.execute(db);
  await sql`
    UPDATE affiliate_daily_clicks AS c SET unique_clicks = v.n
    FROM (SELECT date, offer_id, count(*)::int AS n FROM affiliate_click_visitors GROUP BY date, offer_id) AS v
    WHERE c.date = v.date AND c.offer_id = v.offer_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS offer_counter_clicks, affiliate_click_visitors`.execute(db);
  await sql`ALTER TABLE affiliate_daily_clicks DROP COLUMN IF EXISTS unique_clicks`.execute(db);
}
