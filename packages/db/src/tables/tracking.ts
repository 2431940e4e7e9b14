// The raw events as tracking and reports accepted them (spec §3), one row per event, keyed by the event id
// the aggregator deduplicates on and the event's receipt time: each table is partitioned by month of that
// time (month-partitions.ts), and a partitioned table's key must hold its partition key. Columns with a closed set of values carry the vocabulary's type.
import type {
  ClickSource,
  DeviceType,
  JourneyStep,
  OfferPlacement,
  SuspicionReason,
} from '@bodymetrics/contracts';
import type { ColumnType, Generated } from 'kysely';
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
  /** The id the page put in the offer's URL, unique; null for clicks from before it. */
  click_id: string | null;
  /** The visitor as counted (the daily d:<hash>; v:<id> on rows stored before), which names its first touch in traffic_sources:
   * a conversion of this click counts in that touch's campaign. Null for clicks stored before it. */
  visitor_key: string | null;
  /** The aggregator's verdict (docs/counting.md: Suspicious click), decided once when the click is counted. */
  suspicious: Generated<boolean>;
  /** Why it is suspicious (contracts' suspicionReasons); empty for a click that is not. */
  suspicion_reasons: ColumnType<SuspicionReason[], SuspicionReason[] | undefined, SuspicionReason[]>;
}
export interface FormSnapshotsTable {
  event_id: string;
  visitor_id: string | null;
  session_id: string | null;
  form_data: Json;
  client_timestamp: string | null;
  received_at: Timestamp;
}

/** One offer-impression call (the offers one page view showed); `visitor_id` is the visitor as counted. */
export interface OfferImpressionsTable {
  event_id: string;
  visitor_id: string;
  session_id: string;
  placement: OfferPlacement;
  offer_ids: number[];
  is_bot: Generated<boolean>;
  shown_at: Timestamp;
}

export interface TrackingTables {
  page_visits: PageVisitsTable;
  page_leaves: PageLeavesTable;
  session_durations: SessionDurationsTable;
  user_journey: UserJourneyTable;
  affiliate_clicks: AffiliateClicksTable;
  form_snapshots: FormSnapshotsTable;
  offer_impressions: OfferImpressionsTable;
}
