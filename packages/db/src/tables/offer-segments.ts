// Offer segments (BMI category × goal): each one's rotation mode and floor, the shares its active offers were
// last given, and who changed its mode or floor (docs/counting.md: Share).
import type { BmiCategory, Goal, SegmentMode } from '@bodymetrics/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json, Numeric } from './columns';

/** A segment's settings; a segment without a row is manual at the default floor. */
export interface OfferSegmentsTable {
  bmi_category: BmiCategory;
  goal: Goal;
  mode: ColumnType<SegmentMode, SegmentMode | undefined, SegmentMode>;
  floor: ColumnType<number, number | undefined, number>;
  updated_at: DefaultTimestamp;
}

/** One row per active offer: its segment's last computation, shared by every offers instance. */
export interface OfferSegmentSharesTable {
  offer_id: number;
  bmi_category: BmiCategory;
  goal: Goal;
  share: number;
  probability_best: number;
  /** The share window's figures the computation read. */
  impressions: number;
  conversions: number;
  revenue: Numeric;
  revenue_per_impression_low: number;
  revenue_per_impression_high: number;
  computed_at: DefaultTimestamp;
}

/** Who changed a segment's mode or floor, when, and what (`{ mode: { from, to }, floor: { from, to } }`). */
export interface OfferSegmentChangesTable {
  id: Generated<number>;
  bmi_category: BmiCategory;
  goal: Goal;
  /** Null once the admin account is gone: the record stays. */
  admin_id: number | null;
  changed_at: DefaultTimestamp;
  changes: Json;
}

export interface OfferSegmentTables {
  offer_segments: OfferSegmentsTable;
  offer_segment_shares: OfferSegmentSharesTable;
  offer_segment_changes: OfferSegmentChangesTable;
}
