// A bounce is a visit without engagement (docs/counting.md). A browser session
// keeps what decides that as additive counters, so that whichever topic's event is applied first, the
// session's state before a batch is exactly its state after minus the batch (see the aggregator's
// apply/visits.ts): page views (already there), journey steps past `landing`, offer clicks and the seconds
// of its session-duration beacons. daily_visits gains the seconds of the day's visits (avg session time
// is over the same visits as the bounce rate).
//
// Existing rows are moved to the new definition by the difference, so that no figure depends on what the
// retention job already deleted: the old rule called a session with exactly one page view a bounce; those
// of them that had a journey step past landing or ≥ 10 s of beacons were engaged, so each is taken off
// the bounces of its start day and of its visitor. Offer clicks carried no session before, so none counts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE visitor_sessions
      ADD COLUMN engaging_steps integer NOT NULL DEFAULT 0,
      ADD COLUMN offer_clicks integer NOT NULL DEFAULT 0,
      ADD COLUMN seconds integer NOT NULL DEFAULT 0;
    ALTER TABLE daily_visits ADD COLUMN visit_seconds bigint NOT NULL DEFAULT 0;

    UPDATE visitor_sessions s SET engaging_steps = j.n
    FROM (SELECT session_id, count(*)::int AS n FROM user_journey WHERE step <> 'landing' GROUP BY session_id) j
    WHERE j.session_id = s.session_id;

    UPDATE visitor_sessions s SET seconds = d.n
    FROM (
      SELECT session_id, sum(session_duration)::int AS n FROM session_durations
      WHERE session_id IS NOT NULL GROUP BY session_id
    ) d
    WHERE d.session_id = s.session_id;

    UPDATE daily_visits v SET
      bounced_sessions = v.bounced_sessions - c.no_longer_bounced,
      visit_seconds = c.seconds
    FROM (
      SELECT start_date,
        count(*) FILTER (WHERE page_views = 1 AND (engaging_steps > 0 OR seconds >= 10))::int AS no_longer_bounced,
        sum(seconds)::bigint AS seconds
      FROM visitor_sessions WHERE page_views > 0 GROUP BY start_date
    ) c
    WHERE c.start_date = v.date;

    UPDATE session_metrics m SET
      bounced_visits = m.bounced_visits - c.no_longer_bounced,
      bounce_rate = CASE WHEN m.total_visits > 0
        THEN round(100.0 * (m.bounced_visits - c.no_longer_bounced) / m.total_visits, 2) ELSE 0 END
    FROM (
      SELECT visitor_id, count(*)::int AS no_longer_bounced FROM visitor_sessions
      WHERE page_views = 1 AND (engaging_steps > 0 OR seconds >= 10) GROUP BY visitor_id
    ) c
    WHERE c.visitor_id = m.visitor_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE daily_visits DROP COLUMN IF EXISTS visit_seconds;
    ALTER TABLE visitor_sessions
      DROP COLUMN IF EXISTS seconds,
      DROP COLUMN IF EXISTS offer_clicks,
      DROP COLUMN IF EXISTS engaging_steps;
  `.execute(db);
}
