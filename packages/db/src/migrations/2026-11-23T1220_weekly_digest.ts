// The weekly digest: each admin opts in (admin_users.weekly_digest, off by default), and a
// digest is sent once per admin and week. weekly_digests_sent holds the claim: the scheduler that inserts the
// (admin, week) row sends, every other one (another process, a restart) sees the row and does not. sent_at
// stays null until the mail server accepted the mail: a claim left without it by a crash is taken over after
// a while (docs/security.md: weekly digest). weekly_digest_requests counts the "send me one now" mails
// per admin (its rate limit).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_users ADD COLUMN weekly_digest boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE weekly_digests_sent (
      admin_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
      week_start date NOT NULL,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      PRIMARY KEY (admin_id, week_start)
    )
  `.execute(db);
  await sql`
    CREATE TABLE weekly_digest_requests (
      id serial PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
      requested_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX weekly_digest_requests_admin_idx ON weekly_digest_requests (admin_id, requested_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS weekly_digest_requests, weekly_digests_sent`.execute(db);
  await sql`ALTER TABLE admin_users DROP COLUMN IF EXISTS weekly_digest`.execute(db);
}
