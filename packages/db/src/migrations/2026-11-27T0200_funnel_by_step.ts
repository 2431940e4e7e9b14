// Journey steps as data: the funnel is stored one row per day and step, (date, step, visitors), keyed by
// the steps of contracts' vocabulary, so a new step is a word in that list and no new column. Each visitor's
// progress on a day is the set of steps they count at (the side step bridge_affiliate_click among them),
// not a position in the funnel's order, so placing a step anywhere in the order renumbers nothing.
//
// Every figure moves as it is: each column of a day's row becomes that day's row for its step, zeros
// included (a day that was listed stays listed). A stored position becomes the steps of the order as it
// stood when the position was counted, written out here because the order may change later.
import { sql, type Kysely } from 'kysely';

/** conversion_funnel's columns and the step each counted. */
const columnSteps = [
  ['landing_visitors', 'landing'],
  ['form_started', 'form_started'],
  ['form_completed', 'form_completed'],
  ['results_viewed', 'results_viewed'],
  ['bridge_viewed', 'bridge_viewed'],
  ['bridge_affiliate_clicks', 'bridge_affiliate_click'],
  ['bridge_to_full_results', 'bridge_to_full_results'],
  ['email_provided', 'email_provided'],
  ['report_sent', 'report_sent'],
] as const;

/** The order counted_steps was a position in (the 2026-11-23T0600_ordered_funnel migration's). */
const positionOrder = sql.raw(
  `ARRAY['landing', 'form_started', 'form_completed', 'bridge_viewed', 'bridge_to_full_results',
         'results_viewed', 'email_provided', 'report_sent']::text[]`,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE conversion_funnel RENAME TO conversion_funnel_by_column`.execute(db);
  await sql`
    CREATE TABLE conversion_funnel (
      date date NOT NULL,
      step text NOT NULL,
      -- Counted visitors at this step on this day (docs/counting.md: Funnel steps).
      visitors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, step)
    )
  `.execute(db);
  await sql`
    INSERT INTO conversion_funnel (date, step, visitors)
    SELECT c.date, s.step, s.visitors
    FROM conversion_funnel_by_column c
    CROSS JOIN LATERAL (VALUES ${sql.join(
      columnSteps.map(([column, step]) => sql`(${sql.lit(step)}, c.${sql.ref(column)})`),
    )}) AS s(step, visitors)
  `.execute(db);
  await sql`DROP TABLE conversion_funnel_by_column`.execute(db);

  await sql`
    ALTER TABLE funnel_visitor_progress ADD COLUMN steps text[] NOT NULL DEFAULT '{}';
    UPDATE funnel_visitor_progress SET steps = (${positionOrder})[1:counted_steps]
      || CASE WHEN bridge_click_counted THEN ARRAY['bridge_affiliate_click'] ELSE '{}'::text[] END;
    ALTER TABLE funnel_visitor_progress DROP COLUMN counted_steps, DROP COLUMN bridge_click_counted;
    ALTER TABLE funnel_visitor_progress RENAME COLUMN steps TO counted_steps;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE funnel_visitor_progress RENAME COLUMN counted_steps TO steps;
    ALTER TABLE funnel_visitor_progress
      ADD COLUMN counted_steps smallint NOT NULL DEFAULT 0 CHECK (counted_steps BETWEEN 0 AND 8),
      ADD COLUMN bridge_click_counted boolean NOT NULL DEFAULT false;
    UPDATE funnel_visitor_progress SET
      counted_steps = cardinality(array(SELECT unnest(steps) INTERSECT SELECT unnest(${positionOrder}))),
      bridge_click_counted = 'bridge_affiliate_click' = ANY(steps);
    ALTER TABLE funnel_visitor_progress DROP COLUMN steps;
  `.execute(db);
  await sql`ALTER TABLE conversion_funnel RENAME TO conversion_funnel_by_step`.execute(db);
  await sql`
    CREATE TABLE conversion_funnel (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      date date NOT NULL UNIQUE,
      ${sql.join(
        columnSteps.map(([column]) => sql`${sql.ref(column)} integer NOT NULL DEFAULT 0`),
        sql`, `,
      )}
    )
  `.execute(db);
  await sql`
    INSERT INTO conversion_funnel (date, ${sql.join(columnSteps.map(([column]) => sql.ref(column)))})
    SELECT date, ${sql.join(
      columnSteps.map(([, step]) => sql`coalesce(sum(visitors) FILTER (WHERE step = ${sql.lit(step)}), 0)`),
    )}
    FROM conversion_funnel_by_step GROUP BY date ORDER BY date
  `.execute(db);
  await sql`DROP TABLE conversion_funnel_by_step`.execute(db);
}
