// Campaigns count conversions and revenue: a conversion belongs to its click's visitor's
// first-touch campaign, so each raw click keeps the visitor as counted (`visitorKey`: v:<id> or the daily
// d:<hash>, the key traffic_sources is written under). Clicks stored before this have none; they carry no
// click id either (click ids came the same day), so no conversion can point at them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // On the partitioned parent: every month's partition gets the column.
  await sql`ALTER TABLE affiliate_clicks ADD COLUMN visitor_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE affiliate_clicks DROP COLUMN IF EXISTS visitor_key`.execute(db);
}
