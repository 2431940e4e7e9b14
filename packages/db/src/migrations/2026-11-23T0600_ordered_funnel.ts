// The ordered funnel: how far along the funnel's order each counted visitor has been
// counted on each day, so a step that arrived before its predecessor is counted when the gap fills, once.
// funnel_step_visitors keeps recording every step seen; this row is the per-visitor, per-day cursor over it
// and the row the aggregator locks, so two batches for one visitor and day take turns.
//
// The days whose visitor sets are still kept are recounted by the new rule, so no kept day shows a step
// above its predecessor; older days (their sets deleted by retention) keep the figures they had.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE funnel_visitor_progress (
      date date NOT NULL,
      visitor_id text NOT NULL,
      -- How many steps of the funnel's order (landing … report_sent, 8) this visitor counts at today.
      counted_steps smallint NOT NULL DEFAULT 0 CHECK (counted_steps BETWEEN 0 AND 8),
      -- Whether the side step bridge_affiliate_click has been counted for this visitor today.
      bridge_click_counted boolean NOT NULL DEFAULT false,
      PRIMARY KEY (date, visitor_id)
    )
  `.execute(db);
  await sql`
    WITH ordered (step, position) AS (
      VALUES ('landing', 1), ('form_started', 2), ('form_completed', 3), ('bridge_viewed', 4),
             ('bridge_to_full_results', 5), ('results_viewed', 6), ('email_provided', 7), ('report_sent', 8)
    ),
    visitors AS (SELECT DISTINCT date, visitor_id FROM funnel_step_visitors),
    progress AS (
      SELECT v.date, v.visitor_id,
        coalesce((
          SELECT min(o.position) - 1 FROM ordered o
          WHERE NOT EXISTS (
            SELECT 1 FROM funnel_step_visitors f
            WHERE f.date = v.date AND f.visitor_id = v.visitor_id AND f.step = o.step
          )
        ), 8) AS counted_steps
      FROM visitors v
    )
    INSERT INTO funnel_visitor_progress (date, visitor_id, counted_steps, bridge_click_counted)
    SELECT p.date, p.visitor_id, p.counted_steps,
      p.counted_steps >= 4 AND EXISTS (
        SELECT 1 FROM funnel_step_visitors f
        WHERE f.date = p.date AND f.visitor_id = p.visitor_id AND f.step = 'bridge_affiliate_click'
      )
    FROM progress p
  `.execute(db);
  await sql`
    UPDATE conversion_funnel c SET
      landing_visitors = r.landing, form_started = r.form_started, form_completed = r.form_completed,
      bridge_viewed = r.bridge_viewed, bridge_to_full_results = r.bridge_to_full_results,
      results_viewed = r.results_viewed, email_provided = r.email_provided, report_sent = r.report_sent,
      bridge_affiliate_clicks = r.bridge_clicks
    FROM (
      SELECT date,
        count(*) FILTER (WHERE counted_steps >= 1) AS landing,
        count(*) FILTER (WHERE counted_steps >= 2) AS form_started,
        count(*) FILTER (WHERE counted_steps >= 3) AS form_completed,
        count(*) FILTER (WHERE counted_steps >= 4) AS bridge_viewed,
        count(*) FILTER (WHERE counted_steps >= 5) AS bridge_to_full_results,
        count(*) FILTER (WHERE counted_steps >= 6) AS results_viewed,
        count(*) FILTER (WHERE counted_steps >= 7) AS email_provided,
        count(*) FILTER (WHERE counted_steps >= 8) AS report_sent,
        count(*) FILTER (WHERE bridge_click_counted) AS bridge_clicks
      FROM funnel_visitor_progress GROUP BY date
    ) r
    WHERE c.date = r.date
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS funnel_visitor_progress`.execute(db);
}
