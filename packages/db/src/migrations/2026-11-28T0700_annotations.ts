// Annotations of the daily charts: an admin marks a date or a range of dates with a short plain-text note
// ("campaign started"); the dashboard's daily charts and the daily CSV exports show it. Who wrote and who last
// changed it, and when, are kept beside it (an admin's row may go: the name is copied, not referenced).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE annotations (
      id serial PRIMARY KEY,
      start_date date NOT NULL,
      end_date date NOT NULL,
      note text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      updated_at timestamptz,
      CHECK (end_date >= start_date),
      CHECK (char_length(note) BETWEEN 1 AND 140)
    )
  `.execute(db);
  await sql`CREATE INDEX annotations_dates_idx ON annotations (start_date, end_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS annotations`.execute(db);
}
