// Offers that rotate themselves per segment (BMI category × goal), and daily click caps. An offer may name a
// cap of counted clicks a day (null: none). offer_segments holds a segment's mode (manual: the operator's
// order; auto: by share) and floor; a segment without a row is manual at the default floor.
// offer_segment_shares holds what the last computation gave each active offer of a segment (its share, its
// probability of earning the most per impression, and the window's figures it came from), written by one
// offers instance at a time and read by all. offer_segment_changes records who changed a segment's mode or
// floor, as offer_changes does for an offer.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE affiliate_offers
      ADD COLUMN daily_click_cap integer CHECK (daily_click_cap > 0)
  `.execute(db);
  await sql`
    CREATE TABLE offer_segments (
      bmi_category text NOT NULL,
      goal text NOT NULL,
      mode text NOT NULL DEFAULT 'manual' CHECK (mode IN ('manual', 'auto')),
      floor double precision NOT NULL DEFAULT 0.1 CHECK (floor >= 0.05 AND floor <= 0.5),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (bmi_category, goal)
    )
  `.execute(db);
  await sql`
    CREATE TABLE offer_segment_shares (
      offer_id integer PRIMARY KEY REFERENCES affiliate_offers (id),
      bmi_category text NOT NULL,
      goal text NOT NULL,
      share double precision NOT NULL,
      probability_best double precision NOT NULL,
      impressions integer NOT NULL,
      conversions integer NOT NULL,
      revenue numeric(14, 4) NOT NULL,
      revenue_per_impression_low double precision NOT NULL,
      revenue_per_impression_high double precision NOT NULL,
      computed_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE offer_segment_changes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bmi_category text NOT NULL,
      goal text NOT NULL,
      admin_id integer REFERENCES admin_users (id) ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now(),
      changes jsonb NOT NULL
    )
  `.execute(db);
  await sql`
    CREATE INDEX offer_segment_changes_segment_idx
      ON offer_segment_changes (bmi_category, goal, changed_at DESC)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS offer_segment_changes`.execute(db);
  await sql`DROP TABLE IF EXISTS offer_segment_shares`.execute(db);
  await sql`DROP TABLE IF EXISTS offer_segments`.execute(db);
  await sql`ALTER TABLE affiliate_offers DROP COLUMN IF EXISTS daily_click_cap`.execute(db);
}
