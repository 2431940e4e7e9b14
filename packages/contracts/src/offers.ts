// The public affiliate offer (spec §3 "Affiliate offer") as GET /api/affiliate-offers/all answers it, and the
// legal pages: the offers service serializes through these schemas and the visitor app parses its answers
// with them. The bridge page reads the link as `affiliateUrl`, the results page as `url`, so both are sent.
import { z } from 'zod';
import { pageLanguageSchema } from './enums';

export const affiliateOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  /** The same link under the name the bridge page uses. */
  affiliateUrl: z.string(),
  imageUrl: z.string().nullable(),
  bmiCategory: z.string(),
  goal: z.string(),
  clicks: z.number().int(),
  active: z.boolean(),
  /** The results card's button text, its disclaimer (may be empty) and its "Evidence-Based" badge. */
  ctaLabel: z.string(),
  disclaimer: z.string(),
  evidenceBased: z.boolean(),
  /**
   * The offer's share of its segment's rotation (docs/counting.md: Share): the probability the page draws it
   * first; the shares of a segment's listed offers sum to 1. Null when the segment is in manual mode (the
   * list's order is the operator's).
   */
  share: z.number().min(0).max(1).nullable(),
});
export type AffiliateOffer = z.infer<typeof affiliateOfferSchema>;

/** GET /api/affiliate-offers/all: every active offer, oldest first. */
export const affiliateOffersResponseSchema = z.array(affiliateOfferSchema);

/**
 * GET /api/affiliate-offers/support-note: the note the bridge and the results show in place of sponsored
 * offers for a BMI under 17.5, pointing to eating-disorder support (the operator's
 * EATING_DISORDER_SUPPORT_TEXT, e.g. a national helpline). Plain text, never rendered as HTML.
 */
export const supportNoteSchema = z.object({ text: z.string() });
export type SupportNote = z.infer<typeof supportNoteSchema>;

/** A legal page's address (spec §3 "Legal page"): `privacy-policy`, `terms-of-service`, … */
export const legalSlugSchema = z
  .string()
  .regex(/^[a-z-]{1,40}$/, 'must be 1 to 40 lowercase letters or hyphens');

export const legalPageParamsSchema = z.object({ slug: legalSlugSchema });
/** `?lang=ro`: the page in Romanian; absent, the English page (the route as it always answered). */
export const legalPageQuerySchema = z.object({ lang: pageLanguageSchema.optional() });

/** GET /api/legal/:slug: the page's title, its sanitized HTML and its "Last updated" date. */
export const legalPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML, safe to render as-is. */
  content: z.string(),
  /** ISO 8601 timestamp. */
  lastUpdated: z.string(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;
