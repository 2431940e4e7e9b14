// The whole schema of spec §3 plus what the product needs around it. Raw event tables are keyed by the
// event id (idempotency: a replayed event inserts nothing); the *_visitors / *_sessions tables are the
// "seen before?" sets that let aggregates count distinct visitors exactly once.
import { sql, type Kysely } from 'kysely';

/** The raw events: one row per accepted event, key = event id. */
const rawEventTables = sql`
    CREATE TABLE page_visits (
      event_id uuid PRIMARY KEY,
      visitor_id text NOT NULL,
      session_id text,
      ip_address text,
      user_agent text,
      referrer text,
      page_url text NOT NULL,
      device_type text NOT NULL,
      browser_name text NOT NULL,
      operating_system text NOT NULL,
      screen_resolution text NOT NULL,
      language text NOT NULL,
      time_zone text NOT NULL,
      session_duration integer,
      is_returning_visitor smallint NOT NULL DEFAULT 0,
      is_bot boolean NOT NULL DEFAULT false,
      visited_at timestamptz NOT NULL,
      visit_date date NOT NULL
    );
    CREATE INDEX page_visits_visited_at_idx ON page_visits (visited_at);
    CREATE INDEX page_visits_visitor_idx ON page_visits (visitor_id, visited_at);

    CREATE TABLE page_leaves (
      event_id uuid PRIMARY KEY,
      visitor_id text NOT NULL,
      session_id text NOT NULL,
      page_url text NOT NULL,
      left_at timestamptz NOT NULL
    );
    CREATE INDEX page_leaves_left_at_idx ON page_leaves (left_at);

    CREATE TABLE session_durations (
      event_id uuid PRIMARY KEY,
      visitor_id text NOT NULL,
      session_id text,
      session_duration integer NOT NULL,
      page_url text NOT NULL,
      recorded_at timestamptz NOT NULL,
      record_date date NOT NULL
    );
    CREATE INDEX session_durations_recorded_at_idx ON session_durations (recorded_at);

    CREATE TABLE user_journey (
      event_id uuid PRIMARY KEY,
      visitor_id text NOT NULL,
      session_id text NOT NULL,
      step text NOT NULL,
      step_data jsonb,
      device_type text,
      user_agent text,
      timestamp timestamptz NOT NULL,
      journey_date date NOT NULL
    );
    CREATE INDEX user_journey_timestamp_idx ON user_journey (timestamp);
    CREATE INDEX user_journey_visitor_idx ON user_journey (visitor_id, timestamp);

    CREATE TABLE affiliate_clicks (
      event_id uuid PRIMARY KEY,
      offer_id integer NOT NULL,
      offer_title text,
      offer_url text,
      visitor_id text,
      ip_address text,
      user_agent text,
      referrer text,
      source text NOT NULL,
      clicked_at timestamptz NOT NULL,
      click_date date NOT NULL
    );
    CREATE INDEX affiliate_clicks_clicked_at_idx ON affiliate_clicks (clicked_at DESC);
    CREATE INDEX affiliate_clicks_offer_idx ON affiliate_clicks (offer_id, clicked_at DESC);

    CREATE TABLE form_sessions (
      event_id uuid PRIMARY KEY,
      visitor_id text,
      session_id text,
      form_data jsonb NOT NULL,
      client_timestamp text,
      received_at timestamptz NOT NULL
    );
    CREATE INDEX form_sessions_received_at_idx ON form_sessions (received_at);
`;

/** The aggregates the dashboard reads. */
const aggregateTables = sql`
    CREATE TABLE daily_visits (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      date date NOT NULL UNIQUE,
      unique_visitors integer NOT NULL DEFAULT 0,
      total_page_views integer NOT NULL DEFAULT 0,
      mobile_visitors integer NOT NULL DEFAULT 0,
      sessions integer NOT NULL DEFAULT 0,
      bounced_sessions integer NOT NULL DEFAULT 0,
      session_time_total bigint NOT NULL DEFAULT 0,
      session_time_count integer NOT NULL DEFAULT 0,
      affiliate_clicks integer NOT NULL DEFAULT 0
    );

    -- One row per visitor per day: "was this visitor already counted today?"
    CREATE TABLE daily_visitors (
      date date NOT NULL,
      visitor_id text NOT NULL,
      PRIMARY KEY (date, visitor_id)
    );

    -- One row per browser session: its page views decide whether it bounced.
    CREATE TABLE visitor_sessions (
      session_id text PRIMARY KEY,
      visitor_id text NOT NULL,
      start_date date NOT NULL,
      started_at timestamptz NOT NULL,
      page_views integer NOT NULL DEFAULT 0
    );

    CREATE TABLE conversion_funnel (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      date date NOT NULL UNIQUE,
      landing_visitors integer NOT NULL DEFAULT 0,
      form_started integer NOT NULL DEFAULT 0,
      form_completed integer NOT NULL DEFAULT 0,
      results_viewed integer NOT NULL DEFAULT 0,
      bridge_viewed integer NOT NULL DEFAULT 0,
      bridge_affiliate_clicks integer NOT NULL DEFAULT 0,
      bridge_to_full_results integer NOT NULL DEFAULT 0,
      email_provided integer NOT NULL DEFAULT 0,
      report_sent integer NOT NULL DEFAULT 0
    );

    -- Distinct visitors per funnel step per day.
    CREATE TABLE funnel_step_visitors (
      date date NOT NULL,
      step text NOT NULL,
      visitor_id text NOT NULL,
      PRIMARY KEY (date, step, visitor_id)
    );

    CREATE TABLE session_metrics (
      visitor_id text PRIMARY KEY,
      first_visit timestamptz NOT NULL,
      last_visit timestamptz NOT NULL,
      total_visits integer NOT NULL DEFAULT 0,
      total_page_views integer NOT NULL DEFAULT 0,
      total_session_time integer NOT NULL DEFAULT 0,
      bounced_visits integer NOT NULL DEFAULT 0,
      bounce_rate numeric(5,2) NOT NULL DEFAULT 0,
      conversion_completed boolean NOT NULL DEFAULT false,
      affiliate_clicks_count integer NOT NULL DEFAULT 0,
      email_submitted boolean NOT NULL DEFAULT false,
      last_user_agent text,
      last_device_type text,
      acquisition_source text
    );

    -- First touch per visitor.
    CREATE TABLE traffic_sources (
      visitor_id text PRIMARY KEY,
      source text NOT NULL,
      medium text NOT NULL,
      campaign text,
      keyword text,
      referrer_domain text,
      landing_page text,
      first_visit timestamptz NOT NULL,
      first_visit_date date NOT NULL
    );

    CREATE TABLE daily_traffic (
      date date NOT NULL,
      source text NOT NULL,
      medium text NOT NULL,
      referrer_domain text NOT NULL DEFAULT '',
      visitors integer NOT NULL DEFAULT 0,
      converted integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, source, medium, referrer_domain)
    );

    CREATE TABLE daily_devices (
      date date NOT NULL,
      device_type text NOT NULL,
      browser_name text NOT NULL,
      operating_system text NOT NULL,
      visitors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, device_type, browser_name, operating_system)
    );

    CREATE TABLE daily_geo (
      date date NOT NULL,
      time_zone text NOT NULL,
      language text NOT NULL,
      visitors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (date, time_zone, language)
    );

    CREATE TABLE affiliate_daily_clicks (
      date date NOT NULL,
      offer_id integer NOT NULL,
      clicks integer NOT NULL DEFAULT 0,
      last_clicked_at timestamptz NOT NULL,
      PRIMARY KEY (date, offer_id)
    );
`;

/** The content: offers and legal pages. */
const contentTables = sql`
    CREATE TABLE affiliate_offers (
      id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL,
      url text NOT NULL,
      image_url text,
      bmi_category text NOT NULL,
      goal text NOT NULL,
      clicks integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX affiliate_offers_match_idx ON affiliate_offers (lower(bmi_category), goal) WHERE active;

    CREATE TABLE legal_pages (
      id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      content text NOT NULL,
      last_updated timestamptz NOT NULL DEFAULT now()
    );
`;

/** What visitors send us. */
const visitorSubmissionTables = sql`
    CREATE TABLE health_metrics (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      age integer NOT NULL,
      gender text NOT NULL,
      weight numeric NOT NULL,
      height numeric NOT NULL,
      waist numeric,
      hip numeric,
      activity_level text NOT NULL,
      measurement_system text NOT NULL,
      gender_specification text,
      selected_goal text,
      -- Hash of the whole submission: the same report sent twice is stored once.
      submission_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE newsletter_subscribers (
      email text PRIMARY KEY,
      name text,
      unsubscribe_token text NOT NULL UNIQUE,
      subscribed_at timestamptz NOT NULL DEFAULT now(),
      unsubscribed_at timestamptz
    );

    CREATE TABLE contact_messages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      full_name text NOT NULL,
      email text NOT NULL,
      reason text NOT NULL,
      message text NOT NULL,
      ip_address text,
      forwarded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE share_images (
      id text PRIMARY KEY,
      bmi numeric(4,1) NOT NULL,
      bmi_category text NOT NULL,
      platform text NOT NULL,
      png bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
`;

/** The operators. */
const operatorTables = sql`
    CREATE TABLE admin_users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username text NOT NULL UNIQUE,
      email text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE admin_sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      session_id text NOT NULL UNIQUE,
      admin_id integer NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE password_resets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      -- SHA-256 of the token mailed out; the token itself is never stored.
      token text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const tables of [
    rawEventTables,
    aggregateTables,
    contentTables,
    visitorSubmissionTables,
    operatorTables,
  ])
    await tables.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS password_resets, admin_sessions, admin_users, share_images, contact_messages,
      newsletter_subscribers, health_metrics, legal_pages, affiliate_offers, affiliate_daily_clicks, daily_geo,
      daily_devices, daily_traffic, traffic_sources, session_metrics, funnel_step_visitors, conversion_funnel,
      visitor_sessions, daily_visitors, daily_visits, form_sessions, affiliate_clicks, user_journey,
      session_durations, page_leaves, page_visits CASCADE;
  `.execute(db);
}
