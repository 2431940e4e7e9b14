// The form snapshot has one name from route to table. The raw table of the form's snapshots
// (POST /api/session/store → tracking.form-session.v1) was form_sessions; renaming it (with its key and
// index) keeps every row, and the aggregator writes form_snapshots from this release on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE form_sessions RENAME TO form_snapshots`.execute(db);
  await sql`ALTER TABLE form_snapshots RENAME CONSTRAINT form_sessions_pkey TO form_snapshots_pkey`.execute(
    db,
  );
  await sql`ALTER INDEX form_sessions_received_at_idx RENAME TO form_snapshots_received_at_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX form_snapshots_received_at_idx RENAME TO form_sessions_received_at_idx`.execute(db);
  await sql`ALTER TABLE form_snapshots RENAME CONSTRAINT form_snapshots_pkey TO form_sessions_pkey`.execute(
    db,
  );
  await sql`ALTER TABLE form_snapshots RENAME TO form_sessions`.execute(db);
}
