// The public affiliate offer (spec §3 "Affiliate offer") as GET /api/affiliate-offers/all answers it: the
// offers service serializes through this schema and the visitor app parses its answer with it. The bridge
// page reads the link as `affiliateUrl`, the results page as `url`, so both are sent.
import { z } from 'zod';

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
});
export type AffiliateOffer = z.infer<typeof affiliateOfferSchema>;

/** GET /api/affiliate-offers/all: every active offer, oldest first. */
export const affiliateOffersResponseSchema = z.array(affiliateOfferSchema);
