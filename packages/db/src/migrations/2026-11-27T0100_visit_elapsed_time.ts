// A visit's seconds are its session-duration beacons' sum, but never more than the time between the
// visit's first and last events as the server received them: a beacon's duration is the page's own claim,
// so a visit's beacons must not add past the visit (docs/counting.md, Avg Session Time). The session
// keeps the first and last event times and the seconds it counts; `counted_seconds_before` is the counted
// seconds as they were before the statement that last changed the row, which lets the aggregator move the
// day's figures by the difference (an upsert's RETURNING shows only the new row).
//
// Existing rows keep what they count today: their last event is set to their start plus their seconds, so
// their counted seconds equal their seconds and no stored figure moves.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE visitor_sessions
      ADD COLUMN first_event_at timestamptz,
      ADD COLUMN last_event_at timestamptz,
      ADD COLUMN counted_seconds integer NOT NULL DEFAULT 0,
      ADD COLUMN counted_seconds_before integer NOT NULL DEFAULT 0;
    UPDATE visitor_sessions SET
      first_event_at = started_at,
      last_event_at = started_at + make_interval(secs => seconds),
      counted_seconds = seconds;
    ALTER TABLE visitor_sessions
      ALTER COLUMN first_event_at SET NOT NULL,
      ALTER COLUMN last_event_at SET NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE visitor_sessions
      DROP COLUMN IF EXISTS counted_seconds_before,
      DROP COLUMN IF EXISTS counted_seconds,
      DROP COLUMN IF EXISTS last_event_at,
      DROP COLUMN IF EXISTS first_event_at;
  `.execute(db);
}
