// The sponsored offers (spec §3 "Affiliate offer") and the idempotency keys of their click counter. An
// offer's placement — the BMI category and goal it is shown for — uses the vocabulary's words.
import type { BmiCategory, Goal } from '@bodymetrics/contracts';
import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from './columns';

export interface AffiliateOffersTable {
  id: Generated<number>;
  title: string;
  description: string;
  url: string;
  image_url: string | null;
  bmi_category: BmiCategory;
  goal: Goal;
  clicks: Generated<number>;
  active: Generated<boolean>;
  /** The results card's button text (per offer, not by card position). */
  cta_label: Generated<string>;
  /** The line under the card's button; may be empty. */
  disclaimer: Generated<string>;
  /** Whether the card shows the "Evidence-Based" badge. */
  evidence_based: Generated<boolean>;
  /** Counted clicks a day (ANALYTICS_TZ) past which the offer leaves the public list until the next day. */
  daily_click_cap: Generated<number | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
/**
 * Who changed an offer, when, and what: `changes` maps each changed field (the API's name, `ctaLabel`) to
 * `{ from, to }`; a created offer's record has `from: null` for every field.
 */
export interface OfferChangesTable {
  id: Generated<number>;
  offer_id: number;
  /** Null once the admin account is gone: the record stays. */
  admin_id: number | null;
  changed_at: DefaultTimestamp;
  changes: Json;
}
/** One row per POST /api/affiliate-offers/{id}/click applied to the offer's counter (idempotency key). */
export interface OfferCounterClicksTable {
  event_id: string;
  offer_id: number;
  is_bot: Generated<boolean>;
  clicked_at: Timestamp;
}

export interface OfferTables {
  affiliate_offers: AffiliateOffersTable;
  offer_counter_clicks: OfferCounterClicksTable;
  offer_changes: OfferChangesTable;
}
