// Shared views: read-only links to chosen tabs of the dashboard. The link's token is stored only as its
// SHA-256 (a leaked table opens no link); the optional password as an scrypt hash (admin-auth's
// password-hash); a link ends at expires_at or when revoked (revoked_at), never deleted, so the admin sees
// what was shared and until when.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shared_views (
      id serial PRIMARY KEY,
      name text NOT NULL,
      tabs jsonb NOT NULL,
      token_hash text NOT NULL UNIQUE,
      password_hash text,
      expires_at timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS shared_views`.execute(db);
}
