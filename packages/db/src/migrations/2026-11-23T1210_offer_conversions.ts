// Click ids and conversions: each click row keeps the id the page put in the offer's URL
// (affiliate_clicks.click_id, unique, so a postback finds exactly one click); offer_conversions holds one row
// per network transaction (the idempotency key of GET /api/postback), with the click's offer and the day
// the conversion arrived in the operator's time zone; affiliate_daily_conversions is the dashboard's
// per-day, per-offer aggregate of the counted ones (conversions of a bot's click are kept, not counted).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE affiliate_clicks ADD COLUMN click_id uuid`.execute(db);
  // NULLs (clicks from before click ids) do not collide.
  await sql`CREATE UNIQUE INDEX affiliate_clicks_click_id_key ON affiliate_clicks (click_id)`.execute(db);
  await sql`
    CREATE TABLE offer_conversions (
      transaction_id text PRIMARY KEY,
      click_id uuid NOT NULL,
      offer_id integer NOT NULL,
      payout numeric(14, 4) NOT NULL CHECK (payout >= 0),
      currency char(3) NOT NULL,
      is_bot_click boolean NOT NULL DEFAULT false,
      received_at timestamptz NOT NULL DEFAULT now(),
      conversion_date date NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX offer_conversions_click_id_idx ON offer_conversions (click_id)`.execute(db);
  await sql`
    CREATE TABLE affiliate_daily_conversions (
      date date NOT NULL,
      offer_id integer NOT NULL,
      conversions integer NOT NULL DEFAULT 0,
      revenue numeric(16, 4) NOT NULL DEFAULT 0,
      PRIMARY KEY (date, offer_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS affiliate_daily_conversions, offer_conversions`.execute(db);
  await sql`DROP INDEX IF EXISTS affiliate_clicks_click_id_key`.execute(db);
  await sql`ALTER TABLE affiliate_clicks DROP COLUMN IF EXISTS click_id`.execute(db);
}
