// The one bot decision made visible: how many bot events the aggregator left out of the
// figures each day (the dashboard shows today's), and a bot mark on raw clicks so Recent Activity can
// leave them out. Clicks stored before this keep is_bot = false (their decision was never recorded).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE daily_bot_events (
      date date PRIMARY KEY,
      events integer NOT NULL DEFAULT 0
    )
  `.execute(db);
  await sql`ALTER TABLE affiliate_clicks ADD COLUMN is_bot boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE affiliate_clicks DROP COLUMN IF EXISTS is_bot`.execute(db);
  await sql`DROP TABLE IF EXISTS daily_bot_events`.execute(db);
}
