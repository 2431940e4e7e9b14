// What the offers service answers about legal pages (spec §3 "Legal page"); the affiliate offer's shape is
// a contract the visitor app shares (`affiliateOfferSchema` in @bodymetrics/contracts).
import { z } from 'zod';

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
