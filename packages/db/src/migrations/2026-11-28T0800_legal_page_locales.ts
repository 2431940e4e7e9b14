// The policy pages in each language the visitor's pages are shown in: a page is its slug and its locale
// ('en', the pages as they always were, or 'ro'), one row each, unique together.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE legal_pages ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ro'))
  `.execute(db);
  await sql`ALTER TABLE legal_pages DROP CONSTRAINT legal_pages_slug_key`.execute(db);
  await sql`ALTER TABLE legal_pages ADD CONSTRAINT legal_pages_slug_locale_key UNIQUE (slug, locale)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM legal_pages WHERE locale <> 'en'`.execute(db);
  await sql`ALTER TABLE legal_pages DROP CONSTRAINT legal_pages_slug_locale_key`.execute(db);
  await sql`ALTER TABLE legal_pages ADD CONSTRAINT legal_pages_slug_key UNIQUE (slug)`.execute(db);
  await sql`ALTER TABLE legal_pages DROP COLUMN locale`.execute(db);
}
