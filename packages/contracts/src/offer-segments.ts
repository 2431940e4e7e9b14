// Offer segments: the offers of one BMI category × goal (the visitors who see the same offers), each segment
// rotating its offers in the operator's order (manual) or by share (auto: Thompson sampling over each offer's
// revenue per impression, docs/counting.md: Share). The operator switches a segment with
// PUT /api/admin/offer-segments/{bmiCategory}/{goal} and reads every segment with GET /api/admin/offer-segments.
import { z } from 'zod';
import { offerChangeSchema } from './admin-offers';
import { bmiCategorySchema, goalSchema } from './enums';

export const segmentModes = ['manual', 'auto'] as const;
export type SegmentMode = (typeof segmentModes)[number];

/** The share no active offer of an auto segment goes below, unless the operator sets another. */
export const defaultShareFloor = 0.1;
export const minShareFloor = 0.05;
export const maxShareFloor = 0.5;

export const offerSegmentParamsSchema = z.strictObject({ bmiCategory: bmiCategorySchema, goal: goalSchema });
export type OfferSegmentKey = z.infer<typeof offerSegmentParamsSchema>;

/** PUT's body: the mode, and the floor (unchanged when left out). */
export const offerSegmentSettingsSchema = z.strictObject({
  mode: z.enum(segmentModes, { error: 'must be "manual" or "auto"' }),
  floor: z
    .number({ error: `must be a number from ${minShareFloor} to ${maxShareFloor}` })
    .min(minShareFloor, { error: `must be at least ${minShareFloor}` })
    .max(maxShareFloor, { error: `must be at most ${maxShareFloor}` })
    .optional(),
});
export type OfferSegmentSettings = z.infer<typeof offerSegmentSettingsSchema>;

/** One active offer of a segment and what its rotation was computed from (the share window's days). */
export const segmentOfferSchema = z.object({
  offerId: z.number().int(),
  title: z.string(),
  /** Its share of the rotation; null in manual mode. */
  share: z.number().nullable(),
  impressions: z.number().int(),
  conversions: z.number().int(),
  /** Revenue of its conversions, REVENUE_CURRENCY. */
  revenue: z.number(),
  /** Revenue ÷ impressions over the window; null before it was shown. */
  revenuePerImpression: z.number().nullable(),
  /** The 95 % credible interval of its revenue per impression (2.5th and 97.5th percentiles of the draws). */
  revenuePerImpressionLow: z.number(),
  revenuePerImpressionHigh: z.number(),
  /** The probability that it earns the most per impression of the segment's offers. */
  probabilityBest: z.number(),
});
export type SegmentOffer = z.infer<typeof segmentOfferSchema>;

export const offerSegmentSchema = z.object({
  bmiCategory: bmiCategorySchema,
  goal: goalSchema,
  mode: z.enum(segmentModes),
  floor: z.number(),
  /** When its offers' figures were last computed (ISO 8601); null before the first time. */
  computedAt: z.string().nullable(),
  /** Its active offers, most probably best first; none when the segment has none. */
  offers: z.array(segmentOfferSchema),
  /** Its last changes of mode or floor, newest first (who, when, what), as an offer's history. */
  changes: z.array(offerChangeSchema),
});
export type OfferSegment = z.infer<typeof offerSegmentSchema>;

/** GET /api/admin/offer-segments: every BMI category × goal of the vocabulary, in its order. */
export const offerSegmentsResponseSchema = z.array(offerSegmentSchema);
