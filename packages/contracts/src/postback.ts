// The affiliate networks' postback: GET /api/postback?click_id=…&transaction_id=…&payout=…
// &currency=…&token=…, the form networks call server to server when a click of ours turned into a sale. It
// records one conversion per network transaction (docs/counting.md: Conversions, Venit, EPC).
import { z } from 'zod';
import { clickIdSchema } from './tracking';

/** A payout as networks write it: a decimal with a dot, at most 4 decimals, below 10 billion; never negative. */
const payoutRule = 'must be a decimal amount such as 12.50 (dot, at most 4 decimals, not negative)';

/**
 * The postback's query. Parameters a network adds beyond these are ignored (their templates carry their own
 * macros); `token` is checked before this schema (the route's preValidation), so a caller without the secret
 * learns nothing about the other fields.
 */
export const postbackQuerySchema = z.object({
  click_id: clickIdSchema,
  /** The network's id of the sale: one conversion per transaction id, however often the network calls. */
  transaction_id: z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, { error: 'must be 1 to 128 visible ASCII characters' }),
  payout: z.string().regex(/^[0-9]{1,10}(\.[0-9]{1,4})?$/, { error: payoutRule }),
  /** ISO 4217, any case (`eur` is EUR); it must be the operator's REVENUE_CURRENCY. */
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter ISO 4217 code such as EUR' })
    .transform((c) => c.toUpperCase()),
  token: z.string().max(512),
});
export type PostbackQuery = z.infer<typeof postbackQuerySchema>;

/** 200 both for a conversion recorded now (`recorded: true`) and for a transaction already recorded (`false`). */
export const postbackResultSchema = z.object({
  transactionId: z.string(),
  recorded: z.boolean(),
});
export type PostbackResult = z.infer<typeof postbackResultSchema>;
