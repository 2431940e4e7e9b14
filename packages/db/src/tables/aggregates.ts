// What the aggregator derives from the raw events (docs/counting.md): per-day figures, the visitor
// and session sets that keep them distinct, and per-visitor summaries. Only the aggregator writes here;
// the analytics service reads.
import type { DailyVisitorCounter, DeviceType, JourneyStep, OfferPlacement } from '@bodymetrics/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { DateOnly, DefaultBigCount, DefaultNumeric, Timestamp } from './columns';

/** Each once-per-visitor-and-day counter of the figures catalogue (mobile_visitors, returning_visitors, …). */
export interface DailyVisitsTable extends Record<DailyVisitorCounter, Generated<number>> {
  id: Generated<number>;
  date: DateOnly;
  unique_visitors: Generated<number>;
  total_page_views: Generated<number>;
  sessions: Generated<number>;
  bounced_sessions: Generated<number>;
  session_time_total: DefaultBigCount;
  session_time_count: Generated<number>;
  affiliate_clicks: Generated<number>;
  /** Seconds on site of the visits that started this day (docs/counting.md: Avg Session Time). */
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
  /** Sum of the session's session-duration beacons, as the pages claimed them. */
  seconds: Generated<number>;
  /** The first and last events of the session, as received: the visit's elapsed time. */
  first_event_at: Timestamp;
  last_event_at: Timestamp;
  /** What the visit counts: `seconds`, never more than its elapsed time (whole seconds, rounded up). */
  counted_seconds: Generated<number>;
  /** `counted_seconds` before the statement that last changed the row (the aggregator's difference). */
  counted_seconds_before: Generated<number>;
}
/** Counted visitors per day and journey step (docs/counting.md: Funnel steps), keyed by contracts' step list. */
export interface ConversionFunnelTable {
  date: DateOnly;
  step: JourneyStep;
  visitors: Generated<number>;
}
export interface FunnelStepVisitorsTable {
  date: DateOnly;
  step: JourneyStep;
  visitor_id: string;
}
/** The funnel steps a counted visitor counts at on a day (ordered funnel: the side steps among them). */
export interface FunnelVisitorProgressTable {
  date: DateOnly;
  visitor_id: string;
  counted_steps: ColumnType<JourneyStep[], JourneyStep[] | undefined, JourneyStep[]>;
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
  last_device_type: DeviceType | null;
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
  /** Offer clicks of the source's first-touch visitors on each click's day, and the suspicious ones among them. */
  clicks: Generated<number>;
  suspicious_clicks: Generated<number>;
}
/**
 * Per day, UTM campaign and term (docs/counting.md: Campaigns): counted visitors whose first touch
 * carried the campaign (on their first-touch day) and their offer clicks (on the click's day).
 */
export interface DailyCampaignsTable {
  date: DateOnly;
  campaign: string;
  /** utm_term, '' when the first touch had none (part of the key). */
  term: Generated<string>;
  visitors: Generated<number>;
  clicks: Generated<number>;
  /** The suspicious ones among those clicks (docs/counting.md: Suspicious click). */
  suspicious_clicks: Generated<number>;
}
/**
 * Offer clicks of a counted visitor whose first touch was not applied yet, per click day: the touch moves them
 * into its campaign and its traffic source.
 */
export interface CampaignPendingClicksTable {
  visitor_id: string;
  date: DateOnly;
  clicks: Generated<number>;
  suspicious_clicks: Generated<number>;
}
export interface DailyDevicesTable {
  date: DateOnly;
  device_type: DeviceType;
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
  /** The clicks made on the bridge page and on the results page (their sum is `clicks`): CTR by placement. */
  bridge_clicks: Generated<number>;
  results_clicks: Generated<number>;
  /**
   * The suspicious ones among `clicks`, `bridge_clicks` and `results_clicks` (docs/counting.md: Suspicious
   * click): counted as clicks, left out of EPC, CTR and the offers' shares (clicksThatCount).
   */
  suspicious_clicks: Generated<number>;
  bridge_suspicious_clicks: Generated<number>;
  results_suspicious_clicks: Generated<number>;
  last_clicked_at: Timestamp;
}
/** "Has this visitor clicked this offer today?": one row per counted visitor, offer and day. */
export interface AffiliateClickVisitorsTable {
  date: DateOnly;
  offer_id: number;
  visitor_id: string;
}
/** "Has this visitor been shown this offer here today?": one row per counted visitor, offer, placement and day. */
export interface OfferImpressionVisitorsTable {
  date: DateOnly;
  offer_id: number;
  placement: OfferPlacement;
  visitor_id: string;
}
/** Impressions (docs/counting.md): distinct counted visitors shown the offer at this placement that day. */
export interface OfferDailyImpressionsTable {
  date: DateOnly;
  offer_id: number;
  placement: OfferPlacement;
  impressions: Generated<number>;
}
/** Bot events the aggregator left out of the figures, per day (counted once, on first delivery). */
export interface DailyBotEventsTable {
  date: DateOnly;
  events: Generated<number>;
}

export interface AggregateTables {
  daily_visits: DailyVisitsTable;
  daily_visitors: DailyVisitorsTable;
  visitor_sessions: VisitorSessionsTable;
  conversion_funnel: ConversionFunnelTable;
  funnel_step_visitors: FunnelStepVisitorsTable;
  funnel_visitor_progress: FunnelVisitorProgressTable;
  session_metrics: SessionMetricsTable;
  traffic_sources: TrafficSourcesTable;
  daily_traffic: DailyTrafficTable;
  daily_campaigns: DailyCampaignsTable;
  campaign_pending_clicks: CampaignPendingClicksTable;
  visitor_conversions: VisitorConversionsTable;
  daily_devices: DailyDevicesTable;
  daily_geo: DailyGeoTable;
  affiliate_daily_clicks: AffiliateDailyClicksTable;
  affiliate_click_visitors: AffiliateClickVisitorsTable;
  offer_impression_visitors: OfferImpressionVisitorsTable;
  offer_daily_impressions: OfferDailyImpressionsTable;
  daily_bot_events: DailyBotEventsTable;
}
