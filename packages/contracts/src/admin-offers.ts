// The operator's offer management: the fields an offer is created and edited with, and the
// offer as the dashboard lists it — every offer, active or not, with its clicks and its change history.
import { z } from 'zod';
import { bmiCategorySchema, goalSchema } from './enums';
import { clickIdPlaceholderMisplaced } from './click-id';
import { offerIdPathSchema } from './tracking';

const httpsUrl = (max: number) =>
  z
    .url({ protocol: /^https$/, error: 'must be an https URL' })
    .max(max, { error: `must be at most ${max} characters` });

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

/** The most clicks a day an offer's cap may name (a bound on input, far above any real cap). */
export const maxDailyClickCap = 1_000_000;

/**
 * An offer's daily click cap: once its counted clicks of the operator's day reach it, the offer leaves the
 * public list until the next day. Null: no cap.
 */
export const dailyClickCapSchema = z
  .number({ error: 'must be a whole number of clicks, or null for no cap' })
  .int({ error: 'must be a whole number of clicks, or null for no cap' })
  .min(1, { error: 'must be at least 1 (null for no cap)' })
  .max(maxDailyClickCap, { error: `must be at most ${maxDailyClickCap}` })
  .nullable();

/**
 * The fields of POST /api/admin/offers; every one is required (`imageUrl` may be null) but the daily click
 * cap, which is none when left out.
 */
export const offerFieldsSchema = z.strictObject({
  title: text(200),
  description: text(2000),
  /**
   * The affiliate link the card opens: https only, so a visitor never leaves over plain http. It may carry
   * `{clickId}` in its path or query (click-id.ts): the page puts each click's id there.
   */
  url: httpsUrl(2048).refine((url) => !clickIdPlaceholderMisplaced(url), {
    error: 'may carry {clickId} only in its path or query',
  }),
  imageUrl: httpsUrl(2048).nullable(),
  bmiCategory: bmiCategorySchema,
  goal: goalSchema,
  ctaLabel: text(60),
  /** The line under the card's button; may be empty. */
  disclaimer: z.string().trim().max(300, { error: 'must be at most 300 characters' }),
  evidenceBased: z.boolean(),
  active: z.boolean(),
  dailyClickCap: dailyClickCapSchema.optional(),
});
export type OfferFields = z.infer<typeof offerFieldsSchema>;
export type OfferField = keyof OfferFields;

/**
 * A pairing the pages never show: a weight-loss offer for an underweight result. The offers admin refuses
 * it (400 naming `goal`); the pages also drop such an offer if one was stored before (matchOffers).
 */
export function offerPairingProblem(offer: { bmiCategory: string; goal: string }): string | null {
  return offer.bmiCategory === 'Underweight' && offer.goal === 'weight_loss'
    ? 'weight_loss is not offered to the Underweight category'
    : null;
}

/** PATCH /api/admin/offers/:id: any of the fields (at least one), e.g. `{ "active": false }` to switch it off. */
export const offerPatchSchema = offerFieldsSchema
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'must change at least one field' });
export type OfferPatch = z.infer<typeof offerPatchSchema>;

export const adminOfferParamsSchema = z.strictObject({ id: offerIdPathSchema });

const changeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One recorded change: who, when, and each changed field's value before and after. */
export const offerChangeSchema = z.object({
  id: z.number().int(),
  /** Null once the admin account is gone. */
  adminUsername: z.string().nullable(),
  /** ISO 8601 timestamp. */
  changedAt: z.string(),
  changes: z.record(z.string(), z.object({ from: changeValueSchema, to: changeValueSchema })),
});
export type OfferChange = z.infer<typeof offerChangeSchema>;

/** An offer as the dashboard lists it: its fields, its counter, and its last changes (newest first). */
export const adminOfferSchema = offerFieldsSchema.extend({
  id: z.number().int(),
  // An answer is not re-validated as input: what is stored is shown as stored.
  title: z.string(),
  description: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  ctaLabel: z.string(),
  disclaimer: z.string(),
  dailyClickCap: z.number().int().nullable(),
  clicks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  changes: z.array(offerChangeSchema),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

/** GET /api/admin/offers: every offer, active or not, by id. */
export const adminOffersResponseSchema = z.array(adminOfferSchema);
