// The admins' second factor (TOTP, RFC 6238), their single-use recovery codes and the short-lived tokens
// between the password and the second factor. A factor is active once confirmed with a code; until then the
// row is an enrolment in progress. `last_used_step` is the TOTP time-step of the last accepted code, so a
// code cannot be used twice. Recovery codes and login tokens are kept only as their SHA-256 (both are random
// and long, so a fast hash is enough).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE admin_two_factor (
      admin_id integer PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
      secret text NOT NULL,
      confirmed_at timestamptz,
      last_used_step integer,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE admin_recovery_codes (
      id serial PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      UNIQUE (admin_id, code_hash)
    )
  `.execute(db);
  await sql`
    CREATE TABLE admin_login_challenges (
      token_hash text PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
      purpose text NOT NULL CONSTRAINT admin_login_challenges_purpose_check CHECK (purpose IN ('code', 'enrol')),
      expires_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX admin_login_challenges_admin_idx ON admin_login_challenges (admin_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS admin_login_challenges`.execute(db);
  await sql`DROP TABLE IF EXISTS admin_recovery_codes`.execute(db);
  await sql`DROP TABLE IF EXISTS admin_two_factor`.execute(db);
}
