// The offers process's settings (docs/operating.md), read once at start (main.ts) and validated with a
// message naming the variable. The fragment is exported for the whole-system composition.
import { z } from 'zod';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import { defaultSupportNote } from './routes/support-note';
import {
  analyticsTimeZoneEnv,
  commonEnv,
  loadConfig,
  offerShareWindowDaysEnv,
  portEnv,
  postbackMaxConversionsPerClickEnv,
  postbackMaxPayoutEnv,
  postbackTokenEnv,
  revenueCurrencyEnv,
} from '@bodymetrics/service-kit';

export const offersSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8082),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default(defaultDatabaseUrl),
  /** Write the shipped offers and legal pages at start (idempotent); off where content is managed elsewhere. */
  SEED_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  POSTBACK_TOKEN: postbackTokenEnv,
  POSTBACK_MAX_PAYOUT: postbackMaxPayoutEnv,
  POSTBACK_MAX_CONVERSIONS_PER_CLICK: postbackMaxConversionsPerClickEnv,
  REVENUE_CURRENCY: revenueCurrencyEnv,
  /** A conversion counts on the day it arrived, a calendar day of the dashboard's time zone. */
  ANALYTICS_TZ: analyticsTimeZoneEnv,
  /** The days (today included) an auto segment's shares are computed over (docs/counting.md: Share). */
  OFFER_SHARE_WINDOW_DAYS: offerShareWindowDaysEnv,
  /**
   * The note shown in place of sponsored offers for a BMI under 17.5: where to find eating-disorder
   * support (a national helpline and its number, set by the operator for the country served).
   */
  EATING_DISORDER_SUPPORT_TEXT: z.string().trim().min(1).max(500).default(defaultSupportNote),
});

export type OffersSettings = z.infer<typeof offersSettings>;

export const offersSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): OffersSettings =>
  loadConfig(offersSettings, env);
