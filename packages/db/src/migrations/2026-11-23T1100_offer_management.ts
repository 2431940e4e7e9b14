// The operator manages the offers. Each offer carries its own call-to-action label,
// disclaimer and "Evidence-Based" flag, which the results page assigned until now by card position (the
// three labels in turn, each with its disclaimer, and the badge on every card). The existing offers get the
// values of the position they are shown at today — their place among the active offers of their BMI category
// and goal, by id — so the visitor's page shows exactly what it showed before. offer_changes records who
// changed what (field → {from, to}); clicks keep their offer because offers are switched off, never deleted.
// The per-position copy is written out here, not imported, so this migration stays what it was when it ran.
import { sql, type Kysely } from 'kysely';

/** The results page's per-position copy before this release (web-public results/offer-copy.ts). */
export const positionCopy = [
  {
    label: 'See Product Details',
    disclaimer: 'Sponsored link. We may earn a commission at no extra cost to you.',
  },
  {
    label: 'Learn More About the Formula',
    disclaimer: 'Sponsored link. Results vary; this is not medical advice.',
  },
  {
    label: 'Explore Ingredients',
    disclaimer: 'Sponsored link. Check ingredients for allergies and ask your doctor first.',
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const [first] = positionCopy;
  // The defaults are the first card's copy, for rows written without these fields (scripts, older seeds);
  // "Evidence-Based" is opt-in: only the existing offers keep the badge they showed.
  await sql`
    ALTER TABLE affiliate_offers
      ADD COLUMN cta_label text NOT NULL DEFAULT ${sql.lit(first.label)},
      ADD COLUMN disclaimer text NOT NULL DEFAULT ${sql.lit(first.disclaimer)},
      ADD COLUMN evidence_based boolean NOT NULL DEFAULT false,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()
  `.execute(db);
  // Active offers first, so each gets the position the results page shows it at; a switched-off offer
  // takes the place after them (it is not shown, and switching it on later keeps what it has).
  await sql`
    WITH placed AS (
      SELECT id, (row_number() OVER (
        PARTITION BY lower(bmi_category), goal ORDER BY (NOT active), id
      ) - 1) % 3 AS position
      FROM affiliate_offers
    )
    UPDATE affiliate_offers AS o SET
      cta_label = CASE p.position
        WHEN 0 THEN ${positionCopy[0].label} WHEN 1 THEN ${positionCopy[1].label} ELSE ${positionCopy[2].label} END,
      disclaimer = CASE p.position
        WHEN 0 THEN ${positionCopy[0].disclaimer} WHEN 1 THEN ${positionCopy[1].disclaimer}
        ELSE ${positionCopy[2].disclaimer} END,
      evidence_based = true,
      updated_at = o.created_at
    FROM placed AS p WHERE p.id = o.id
  `.execute(db);
  await sql`
    CREATE TABLE offer_changes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      offer_id integer NOT NULL REFERENCES affiliate_offers (id),
      admin_id integer REFERENCES admin_users (id) ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now(),
      changes jsonb NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX offer_changes_offer_idx ON offer_changes (offer_id, changed_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS offer_changes`.execute(db);
  await sql`
    ALTER TABLE affiliate_offers
      DROP COLUMN IF EXISTS cta_label,
      DROP COLUMN IF EXISTS disclaimer,
      DROP COLUMN IF EXISTS evidence_based,
      DROP COLUMN IF EXISTS updated_at
  `.execute(db);
}
