// Against abuse of the reports service: share cards stored once, and the newsletter's double opt-in.
//
// Share cards: a card depends only on the rounded BMI and its category, so each distinct card is rendered
// and stored once (share_cards, keyed by its content key) and a share is a small row that points at it
// (share_images keeps its name and ids, so links already shared keep working). Share rows expire with
// the retention job; the cards are bounded by the plausible BMI range (one per 0.1 step).
//
// Newsletter double opt-in: a ticked box stores a pending confirmation (only the SHA-256 of the mailed
// token, single-use, expiring); the subscription exists once the recipient confirms.
//
// Report mails per recipient: one row per mail sent, keyed by a hash of the normalised address (no plain
// copy), counted over a sliding 24 h window and pruned after it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE share_cards (
      card_key text PRIMARY KEY,
      bmi numeric(4,1) NOT NULL,
      bmi_category text NOT NULL,
      png bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Existing shares: one card per distinct (bmi, category), then each share points at its card.
    INSERT INTO share_cards (card_key, bmi, bmi_category, png, created_at)
    SELECT DISTINCT ON (bmi, bmi_category)
      'v1/' || to_char(bmi, 'FM990.0') || '/' || bmi_category, bmi, bmi_category, png, created_at
    FROM share_images
    ORDER BY bmi, bmi_category, created_at;

    ALTER TABLE share_images ADD COLUMN card_key text REFERENCES share_cards (card_key);
    UPDATE share_images SET card_key = 'v1/' || to_char(bmi, 'FM990.0') || '/' || bmi_category;
    ALTER TABLE share_images ALTER COLUMN card_key SET NOT NULL;
    ALTER TABLE share_images DROP COLUMN png, DROP COLUMN bmi, DROP COLUMN bmi_category;
    CREATE INDEX share_images_card_key_idx ON share_images (card_key);
    CREATE INDEX share_images_created_at_idx ON share_images (created_at);

    CREATE TABLE newsletter_confirmations (
      -- SHA-256 (hex) of the token in the confirmation link; the token itself is never stored.
      token_hash text PRIMARY KEY,
      email text NOT NULL,
      name text,
      expires_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX newsletter_confirmations_expires_at_idx ON newsletter_confirmations (expires_at);

    CREATE TABLE report_mail_sends (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      -- SHA-256 (hex) of the normalised recipient address.
      recipient_hash text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX report_mail_sends_recipient_idx ON report_mail_sends (recipient_hash, sent_at);
    CREATE INDEX report_mail_sends_sent_at_idx ON report_mail_sends (sent_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS report_mail_sends, newsletter_confirmations;
    ALTER TABLE share_images
      ADD COLUMN bmi numeric(4,1),
      ADD COLUMN bmi_category text,
      ADD COLUMN png bytea;
    UPDATE share_images s SET bmi = c.bmi, bmi_category = c.bmi_category, png = c.png
      FROM share_cards c WHERE c.card_key = s.card_key;
    ALTER TABLE share_images
      ALTER COLUMN bmi SET NOT NULL,
      ALTER COLUMN bmi_category SET NOT NULL,
      ALTER COLUMN png SET NOT NULL,
      DROP COLUMN card_key;
    DROP TABLE share_cards;
  `.execute(db);
}
