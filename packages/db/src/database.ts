// Kysely's view of the schema: one interface per table (snake_case, as stored), declared with its product
// area in tables/*.ts and composed here into `Database`. Repositories map rows to camelCase domain types at
// the edge. Columns with a closed set of values (journey step, device type, click source, an offer's
// placement…) are typed with packages/contracts' vocabulary, so a query comparing or writing them is checked.
import type { AdminTables } from './tables/admin';
import type { AlertTables } from './tables/alerts';
import type { TwoFactorTables } from './tables/two-factor';
import type { ApiKeyTables } from './tables/api-keys';
import type { AnnotationTables } from './tables/annotations';
import type { SharedViewTables } from './tables/shared-views';
import type { AggregateTables } from './tables/aggregates';
import type { ContentTables } from './tables/content';
import type { ConversionTables } from './tables/conversions';
import type { OfferSegmentTables } from './tables/offer-segments';
import type { OfferTables } from './tables/offers';
import type { RateLimitTables } from './tables/rate-limits';
import type { ReportTables } from './tables/reports';
import type { TrackingTables } from './tables/tracking';

export type { Timestamp, DateOnly } from './tables/columns';
export type * from './tables/tracking';
export type * from './tables/aggregates';
export type * from './tables/offers';
export type * from './tables/offer-segments';
export type * from './tables/reports';
export type * from './tables/content';
export type * from './tables/admin';
export type * from './tables/two-factor';
export type * from './tables/api-keys';
export type * from './tables/rate-limits';

export interface Database
  extends
    TrackingTables,
    AggregateTables,
    OfferTables,
    OfferSegmentTables,
    ConversionTables,
    ReportTables,
    ContentTables,
    AdminTables,
    TwoFactorTables,
    RateLimitTables,
    ApiKeyTables,
    AlertTables,
    AnnotationTables,
    SharedViewTables {}

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
  'daily_campaigns',
  'campaign_pending_clicks',
  'visitor_conversions',
  'daily_devices',
  'daily_geo',
  'affiliate_daily_clicks',
  'affiliate_click_visitors',
  'offer_counter_clicks',
  'offer_impressions',
  'offer_impression_visitors',
  'offer_daily_impressions',
  'daily_bot_events',
  // Conversions (money records): emptied by reset-all-data, but never by the retention job (retention.ts).
  'offer_conversions',
  'affiliate_daily_conversions',
] as const satisfies readonly (keyof Database)[];
