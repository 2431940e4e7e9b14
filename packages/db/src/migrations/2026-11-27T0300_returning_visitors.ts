// Returning visitors % (the figures catalogue's returningPercentage): daily_visits counts, once per counted
// visitor and day, the visitors whose first counted page view of the day was flagged returning. The raw page
// views do not keep the visitor as counted, so days before this column read 0 returning visitors.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE daily_visits ADD COLUMN returning_visitors integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE daily_visits DROP COLUMN IF EXISTS returning_visitors`.execute(db);
}
