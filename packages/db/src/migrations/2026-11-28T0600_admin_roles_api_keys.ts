// Two kinds of operator account and read-only API keys. `role` decides what an account may change: an
// `admin` everything, a `viewer` nothing (every state-changing admin route answers it 403); existing
// accounts stay admins. An API key reads the analytics and nothing else; only the SHA-256 of its secret is
// kept (the key is random and long, so a fast hash is enough), its prefix names it in lists and logs.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE admin_users ADD COLUMN role text NOT NULL DEFAULT 'admin'
      CONSTRAINT admin_users_role_check CHECK (role IN ('admin', 'viewer'))
  `.execute(db);
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      name text NOT NULL,
      prefix text NOT NULL UNIQUE,
      key_hash text NOT NULL,
      created_by integer REFERENCES admin_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS api_keys`.execute(db);
  await sql`ALTER TABLE admin_users DROP COLUMN IF EXISTS role`.execute(db);
}
