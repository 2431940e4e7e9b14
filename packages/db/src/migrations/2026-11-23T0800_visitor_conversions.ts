// Traffic sources count the visitor as counted everywhere else (docs/counting.md: the daily visitor
// key, or the id kept on the device), not one row per browser tab. A visitor's conversion (their first
// offer click) is recorded per counted visitor here, whichever of the click and the first touch is applied
// first. traffic_sources.visitor_id holds the counted visitor from now on; rows written before keep their
// visitor id (for a consenting visitor, the same thing without the `v:` prefix).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE visitor_conversions (
      visitor_id text PRIMARY KEY,
      converted_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX visitor_conversions_converted_at ON visitor_conversions (converted_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS visitor_conversions`.execute(db);
}
