// Alerts that find the operator: one row per episode (opened when a rule fired, ended when the figure
// recovered). The partial unique index keeps one open episode per kind and subject whatever races; an
// episode's mail goes once, marked by notified_at. Each admin opts in to the alert mails
// (admin_users.alerts_opt_in, off until they turn it on, as the weekly digest).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE admin_users ADD COLUMN alerts_opt_in boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE alerts (
      id serial PRIMARY KEY,
      kind text NOT NULL,
      subject text NOT NULL,
      subject_label text NOT NULL,
      unit text NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      expected double precision NOT NULL,
      observed double precision NOT NULL,
      acknowledged_at timestamptz,
      notified_at timestamptz
    )
  `.execute(db);
  await sql`CREATE UNIQUE INDEX alerts_one_open_idx ON alerts (kind, subject) WHERE ended_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX alerts_started_at_idx ON alerts (started_at DESC)`.execute(db);
  // The postback rules read conversions by arrival time.
  await sql`CREATE INDEX offer_conversions_received_at_idx ON offer_conversions (received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS offer_conversions_received_at_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS alerts`.execute(db);
  await sql`ALTER TABLE admin_users DROP COLUMN IF EXISTS alerts_opt_in`.execute(db);
}
