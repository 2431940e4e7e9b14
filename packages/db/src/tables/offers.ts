// The sponsored offers (spec §3 "Affiliate offer") and the idempotency keys of their click counter. An
// offer's placement — the BMI category and goal it is shown for — uses the vocabulary's words.
import type { BmiCategory, Goal } from '@bodymetrics/contracts';
import type { Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './columns';

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
  created_at: DefaultTimestamp;
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
}
