// The raw events as tracking and reports accepted them (spec §3), one row per event, keyed by the event id
// the aggregator deduplicates on. Columns with a closed set of values carry the vocabulary's type.
import type { ClickSource, DeviceType, JourneyStep } from '@bodymetrics/contracts';
import type { Generated } from 'kysely';
import type { DateOnly, Json, Timestamp } from './columns';

export interface PageVisitsTable {
  event_id: string;
  visitor_id: string;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  referrer: string | null;
  page_url: string;
  device_type: DeviceType;
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
  step: JourneyStep;
  step_data: Json | null;
  device_type: DeviceType | null;
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
  source: ClickSource;
  clicked_at: Timestamp;
  click_date: DateOnly;
  /** The bot decision tracking made (clicks stored before it: false). Recent Activity lists no bot click. */
  is_bot: Generated<boolean>;
}
export interface FormSnapshotsTable {
  event_id: string;
  visitor_id: string | null;
  session_id: string | null;
  form_data: Json;
  client_timestamp: string | null;
  received_at: Timestamp;
}

export interface TrackingTables {
  page_visits: PageVisitsTable;
  page_leaves: PageLeavesTable;
  session_durations: SessionDurationsTable;
  user_journey: UserJourneyTable;
  affiliate_clicks: AffiliateClicksTable;
  form_snapshots: FormSnapshotsTable;
}
