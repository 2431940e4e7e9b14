// Kysely's view of the schema: one interface per table (snake_case, as stored), listed in `Database`.
// Repositories map rows to camelCase domain types at the edge.
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz: written as Date or ISO string, read as Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A date column: pg returns it as 'YYYY-MM-DD' (the connection sets a parser so no time zone shifts it). */
export type DateOnly = ColumnType<string, string, string>;
type Json = ColumnType<unknown, string, string>;
type Numeric = ColumnType<string, number | string, number | string>;
// Columns with a database default: optional on insert. (kysely's Generated<> cannot wrap a ColumnType.)
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DefaultBigCount = ColumnType<string, number | string | bigint | undefined, number | string | bigint>;
type DefaultNumeric = ColumnType<string, number | string | undefined, number | string>;

export interface PageVisitsTable {
  event_id: string;
  visitor_id: string;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  referrer: string | null;
  page_url: string;
  device_type: string;
  browser_name: string;
  operating_system: string;
  screen_resolution: string;
  language: string;
  time_zone: string;
  session_duration: number | null;
  is_returning_visitor: number;
  is_bot: boolean;
  visited_at: Timestamp;
  visit_date: DateOnly;
}
export interface PageLeavesTable {
  event_id: string;
  visitor_id: string;
  session_id: string;
  page_url: string;
  left_at: Timestamp;
}
export interface SessionDurationsTable {
  event_id: string;
  visitor_id: string;
  session_id: string | null;
  session_duration: number;
  page_url: string;
  recorded_at: Timestamp;
  record_date: DateOnly;
}
export interface UserJourneyTable {
  event_id: string;
  visitor_id: string;
  session_id: string;
  step: string;
  step_data: Json | null;
  device_type: string | null;
  user_agent: string | null;
  timestamp: Timestamp;
  journey_date: DateOnly;
}
export interface AffiliateClicksTable {
  event_id: string;
  offer_id: number;
  offer_title: string | null;
  offer_url: string | null;
  visitor_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  referrer: string | null;
  source: string;
  clicked_at: Timestamp;
  click_date: DateOnly;
  /** The bot decision tracking made (clicks stored before it: false). Recent Activity lists no bot click. */
  is_bot: Generated<boolean>;
}
/** Bot events the aggregator left out of the figures, per day (counted once, on first delivery). */
export interface DailyBotEventsTable {
  date: DateOnly;
  events: Generated<number>;
}
export interface FormSnapshotsTable {
  event_id: string;
  visitor_id: string | null;
  session_id: string | null;
  form_data: Json;
  client_timestamp: string | null;
  received_at: Timestamp;
}
export interface DailyVisitsTable {
  id: Generated<number>;
  date: DateOnly;
  unique_visitors: Generated<number>;
  total_page_views: Generated<number>;
  mobile_visitors: Generated<number>;
  sessions: Generated<number>;
  bounced_sessions: Generated<number>;
  session_time_total: DefaultBigCount;
  session_time_count: Generated<number>;
  affiliate_clicks: Generated<number>;
  /** Seconds on site of the visits that started this day (README "How we count": Avg Session Time). */
  visit_seconds: DefaultBigCount;
}
export interface DailyVisitorsTable {
  date: DateOnly;
  visitor_id: string;
}
export interface VisitorSessionsTable {
  session_id: string;
  visitor_id: string;
  start_date: DateOnly;
  started_at: Timestamp;
  page_views: Generated<number>;
  /** Journey steps past `landing`. */
  engaging_steps: Generated<number>;
  offer_clicks: Generated<number>;
  /** Sum of the session's session-duration beacons. */
  seconds: Generated<number>;
}
export interface ConversionFunnelTable {
  id: Generated<number>;
  date: DateOnly;
  landing_visitors: Generated<number>;
  form_started: Generated<number>;
  form_completed: Generated<number>;
  results_viewed: Generated<number>;
  bridge_viewed: Generated<number>;
  bridge_affiliate_clicks: Generated<number>;
  bridge_to_full_results: Generated<number>;
  email_provided: Generated<number>;
  report_sent: Generated<number>;
}
export interface FunnelStepVisitorsTable {
  date: DateOnly;
  step: string;
  visitor_id: string;
}
/** How far along the funnel's order a counted visitor has been counted on a day (ordered funnel). */
export interface FunnelVisitorProgressTable {
  date: DateOnly;
  visitor_id: string;
  counted_steps: Generated<number>;
  bridge_click_counted: Generated<boolean>;
}
export interface SessionMetricsTable {
  visitor_id: string;
  first_visit: Timestamp;
  last_visit: Timestamp;
  total_visits: Generated<number>;
  total_page_views: Generated<number>;
  total_session_time: Generated<number>;
  bounced_visits: Generated<number>;
  bounce_rate: DefaultNumeric;
  conversion_completed: Generated<boolean>;
  affiliate_clicks_count: Generated<number>;
  email_submitted: Generated<boolean>;
  last_user_agent: string | null;
  last_device_type: string | null;
  acquisition_source: string | null;
}
export interface TrafficSourcesTable {
  visitor_id: string;
  source: string;
  medium: string;
  campaign: string | null;
  keyword: string | null;
  referrer_domain: string | null;
  landing_page: string | null;
  first_visit: Timestamp;
  first_visit_date: DateOnly;
}
/** A counted visitor's first offer click (traffic sources' conversion rate). */
export interface VisitorConversionsTable {
  visitor_id: string;
  converted_at: Timestamp;
}
export interface DailyTrafficTable {
  date: DateOnly;
  source: string;
  medium: string;
  referrer_domain: Generated<string>;
  visitors: Generated<number>;
  converted: Generated<number>;
}
export interface DailyDevicesTable {
  date: DateOnly;
  device_type: string;
  browser_name: string;
  operating_system: string;
  visitors: Generated<number>;
}
export interface DailyGeoTable {
  date: DateOnly;
  time_zone: string;
  language: string;
  visitors: Generated<number>;
}
export interface AffiliateDailyClicksTable {
  date: DateOnly;
  offer_id: number;
  clicks: Generated<number>;
  /** Distinct counted visitors who clicked the offer that day (affiliate_click_visitors). */
  unique_clicks: Generated<number>;
  last_clicked_at: Timestamp;
}
/** "Has this visitor clicked this offer today?": one row per counted visitor, offer and day. */
export interface AffiliateClickVisitorsTable {
  date: DateOnly;
  offer_id: number;
  visitor_id: string;
}
/** One row per POST /api/affiliate-offers/{id}/click applied to the offer's counter (idempotency key). */
export interface OfferCounterClicksTable {
  event_id: string;
  offer_id: number;
  is_bot: Generated<boolean>;
  clicked_at: Timestamp;
}
export interface AffiliateOffersTable {
  id: Generated<number>;
  title: string;
  description: string;
  url: string;
  image_url: string | null;
  bmi_category: string;
  goal: string;
  clicks: Generated<number>;
  active: Generated<boolean>;
  created_at: DefaultTimestamp;
}
export interface LegalPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  last_updated: DefaultTimestamp;
}
export interface HealthMetricsTable {
  id: Generated<number>;
  name: string;
  email: string;
  age: number;
  gender: string;
  weight: Numeric;
  height: Numeric;
  waist: Numeric | null;
  hip: Numeric | null;
  activity_level: string;
  measurement_system: string;
  gender_specification: string | null;
  selected_goal: string | null;
  submission_hash: string;
  created_at: DefaultTimestamp;
}
export interface NewsletterSubscribersTable {
  email: string;
  name: string | null;
  unsubscribe_token: string;
  subscribed_at: DefaultTimestamp;
  unsubscribed_at: Timestamp | null;
}
export interface ContactMessagesTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  reason: string;
  message: string;
  ip_address: string | null;
  forwarded_at: Timestamp | null;
  created_at: DefaultTimestamp;
}
/** One share (a link someone posted): points at its card; expires with the retention job. */
export interface ShareImagesTable {
  id: string;
  card_key: string;
  platform: string;
  created_at: DefaultTimestamp;
}
/** A rendered card, stored once per content key (rounded BMI and category). */
export interface ShareCardsTable {
  card_key: string;
  bmi: Numeric;
  bmi_category: string;
  png: Buffer;
  created_at: DefaultTimestamp;
}
/** A newsletter subscription waiting for the recipient's confirmation (double opt-in). */
export interface NewsletterConfirmationsTable {
  token_hash: string;
  email: string;
  name: string | null;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  created_at: DefaultTimestamp;
}
/** One report mail sent, counted per recipient (hash of the normalised address) over 24 h. */
export interface ReportMailSendsTable {
  id: Generated<string>;
  recipient_hash: string;
  sent_at: DefaultTimestamp;
}
export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_active: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface AdminSessionsTable {
  id: Generated<number>;
  session_id: string;
  admin_id: number;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}
export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  token: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}
/** A secret a service generated for itself (no setting given), the same for all its instances. */
export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}

export interface Database {
  page_visits: PageVisitsTable;
  page_leaves: PageLeavesTable;
  session_durations: SessionDurationsTable;
  user_journey: UserJourneyTable;
  affiliate_clicks: AffiliateClicksTable;
  form_snapshots: FormSnapshotsTable;
  daily_visits: DailyVisitsTable;
  daily_visitors: DailyVisitorsTable;
  visitor_sessions: VisitorSessionsTable;
  conversion_funnel: ConversionFunnelTable;
  funnel_step_visitors: FunnelStepVisitorsTable;
  funnel_visitor_progress: FunnelVisitorProgressTable;
  session_metrics: SessionMetricsTable;
  traffic_sources: TrafficSourcesTable;
  daily_traffic: DailyTrafficTable;
  visitor_conversions: VisitorConversionsTable;
  daily_devices: DailyDevicesTable;
  daily_geo: DailyGeoTable;
  affiliate_daily_clicks: AffiliateDailyClicksTable;
  affiliate_click_visitors: AffiliateClickVisitorsTable;
  offer_counter_clicks: OfferCounterClicksTable;
  affiliate_offers: AffiliateOffersTable;
  legal_pages: LegalPagesTable;
  health_metrics: HealthMetricsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  contact_messages: ContactMessagesTable;
  share_images: ShareImagesTable;
  share_cards: ShareCardsTable;
  newsletter_confirmations: NewsletterConfirmationsTable;
  report_mail_sends: ReportMailSendsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  password_resets: PasswordResetsTable;
  service_secrets: ServiceSecretsTable;
  daily_bot_events: DailyBotEventsTable;
}

/** Tables that hold analytics data: what reset-all-data and the retention job may delete. */
export const analyticsTables = [
  'page_visits',
  'page_leaves',
  'session_durations',
  'user_journey',
  'affiliate_clicks',
  'form_snapshots',
  'daily_visits',
  'daily_visitors',
  'visitor_sessions',
  'conversion_funnel',
  'funnel_step_visitors',
  'funnel_visitor_progress',
  'session_metrics',
  'traffic_sources',
  'daily_traffic',
  'visitor_conversions',
  'daily_devices',
  'daily_geo',
  'affiliate_daily_clicks',
  'affiliate_click_visitors',
  'offer_counter_clicks',
  'daily_bot_events',
] as const satisfies readonly (keyof Database)[];
