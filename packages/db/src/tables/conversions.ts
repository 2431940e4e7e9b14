// Conversions: what the affiliate networks' postbacks reported, and the dashboard's daily
// aggregate of them. A conversion belongs to the offer of its click and to the day it arrived (ANALYTICS_TZ).
import type { Generated } from 'kysely';
import type { DateOnly, DefaultNumeric, DefaultTimestamp, Numeric } from './columns';

/**
 * One row per network transaction (GET /api/postback's idempotency key). A money record: kept past
 * RETENTION_DAYS (it names no visitor), emptied only by reset-all-data.
 */
export interface OfferConversionsTable {
  transaction_id: string;
  /** The click it converted (affiliate_clicks.click_id; that raw row may since have expired). */
  click_id: string;
  offer_id: number;
  payout: Numeric;
  /** Always the operator's REVENUE_CURRENCY (others are refused). */
  currency: string;
  /** The click was a bot's: the conversion is kept as reported, counted in no figure. */
  is_bot_click: Generated<boolean>;
  /** The click was suspicious (docs/counting.md: Suspicious click): counted in revenue, shown flagged, not in EPC. */
  suspicious_click: Generated<boolean>;
  received_at: DefaultTimestamp;
  conversion_date: DateOnly;
}

/** Counted conversions and their revenue per arrival day and offer (never a bot click's). */
export interface AffiliateDailyConversionsTable {
  date: DateOnly;
  offer_id: number;
  conversions: Generated<number>;
  revenue: DefaultNumeric;
  /** The ones among them whose click was suspicious, and their revenue: left out of EPC. */
  suspicious_conversions: Generated<number>;
  suspicious_revenue: DefaultNumeric;
}

export interface ConversionTables {
  offer_conversions: OfferConversionsTable;
  affiliate_daily_conversions: AffiliateDailyConversionsTable;
}
