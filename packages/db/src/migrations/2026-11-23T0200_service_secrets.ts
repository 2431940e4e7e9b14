// Secrets a service generates for itself when the operator set none, shared by every instance through
// the database and kept across restarts (e.g. admin-auth's key for signing device-marker cookies).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE service_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS service_secrets`.execute(db);
}
