// The Postgres type of every raw table's column, for the array parameters of insertFreshRows'
// `INSERT … SELECT FROM unnest($1::uuid[], $2::text[], …)`: one array per column instead of one parameter
// per cell, so a batch is one short statement whatever its size (measured 1.47× faster than multi-row
// VALUES for the same rows, docs/performance.md). Typed against the tables: a new column must be named here.
import type { Database, PartitionedRawTable as RawTable } from '@bodymetrics/db';

export type ArrayElementType = 'uuid' | 'text' | 'int2' | 'int4' | 'bool' | 'timestamptz' | 'date' | 'jsonb';

/** Columns no raw row carries: a click's verdict, stored once it is judged (apply/click-verdicts.ts). */
type JudgedLater = 'suspicious' | 'suspicion_reasons';

// offer_impressions is missing on purpose: its offer_ids is an array column, which unnest cannot carry.
export const rawColumnTypes: {
  readonly [T in Exclude<RawTable, 'offer_impressions'>]: {
    readonly [C in Exclude<keyof Database[T] & string, JudgedLater>]-?: ArrayElementType;
  };
} = {
  page_visits: {
    event_id: 'uuid',
    visitor_id: 'text',
    session_id: 'text',
    ip_address: 'text',
    user_agent: 'text',
    referrer: 'text',
    page_url: 'text',
    device_type: 'text',
    browser_name: 'text',
    operating_system: 'text',
    screen_resolution: 'text',
    language: 'text',
    time_zone: 'text',
    session_duration: 'int4',
    is_returning_visitor: 'int2',
    is_bot: 'bool',
    visited_at: 'timestamptz',
    visit_date: 'date',
  },
  page_leaves: {
    event_id: 'uuid',
    visitor_id: 'text',
    session_id: 'text',
    page_url: 'text',
    left_at: 'timestamptz',
  },
  session_durations: {
    event_id: 'uuid',
    visitor_id: 'text',
    session_id: 'text',
    session_duration: 'int4',
    page_url: 'text',
    recorded_at: 'timestamptz',
    record_date: 'date',
  },
  user_journey: {
    event_id: 'uuid',
    visitor_id: 'text',
    session_id: 'text',
    step: 'text',
    step_data: 'jsonb',
    device_type: 'text',
    user_agent: 'text',
    timestamp: 'timestamptz',
    journey_date: 'date',
  },
  affiliate_clicks: {
    event_id: 'uuid',
    offer_id: 'int4',
    offer_title: 'text',
    offer_url: 'text',
    visitor_id: 'text',
    ip_address: 'text',
    user_agent: 'text',
    referrer: 'text',
    source: 'text',
    clicked_at: 'timestamptz',
    click_date: 'date',
    is_bot: 'bool',
    click_id: 'uuid',
    visitor_key: 'text',
  },
  offer_counter_clicks: {
    event_id: 'uuid',
    offer_id: 'int4',
    is_bot: 'bool',
    clicked_at: 'timestamptz',
  },
  form_snapshots: {
    event_id: 'uuid',
    visitor_id: 'text',
    session_id: 'text',
    form_data: 'jsonb',
    client_timestamp: 'text',
    received_at: 'timestamptz',
  },
};
