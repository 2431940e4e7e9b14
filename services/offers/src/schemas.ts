// What the offers service answers (spec §3 "Affiliate offer" and "Legal page"). The bridge page reads the
// link as `affiliateUrl`, the results page as `url`, so both are sent.
import { z } from 'zod';

export const affiliateOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  affiliateUrl: z.string(),
  imageUrl: z.string().nullable(),
  bmiCategory: z.string(),
  goal: z.string(),
  clicks: z.number().int(),
  active: z.boolean(),
});
export type AffiliateOffer = z.infer<typeof affiliateOfferSchema>;

export const legalSlugSchema = z
  .string()
  .regex(/^[a-z-]{1,40}$/, 'must be 1 to 40 lowercase letters or hyphens');

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
