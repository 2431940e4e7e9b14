// Each process reads process.env in exactly one place, through a zod schema, and stops at start with a
// message that names every bad variable.
import { z } from 'zod';
import type { IpStorage } from './client-ip';
import { serverTimeoutsEnv } from './server-limits';

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Settings shared by every service. */
export const commonEnv = {
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...serverTimeoutsEnv,
};

/** A yes/no setting: true/false, 1/0 or yes/no. */
export const flagEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** IP_STORAGE of tracking and reports (and the embedded mode): how much of a visitor's address is kept. */
export const ipStorageEnv = z
  .enum(['truncated', 'full', 'none'] as const satisfies readonly IpStorage[])
  .default('truncated');

/** Where Redis is when a service needs it and nothing says otherwise. */
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

export const portEnv = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A whole count of at least 1: a limit's calls per window, a cap. */
export const countEnv = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** A duration in whole milliseconds, at least `min` (a limit's window, a time to live, an interval). */
export const millisecondsEnv = (fallback: number, { min }: { min: number }) =>
  z.coerce.number().int().min(min).default(fallback);

/**
 * The mail settings of a process that sends mail (reports, analytics' digest, admin-auth): SMTP_URL, the
 * sender, and MAIL_DIR, which, set, writes each mail to an .eml file in that folder instead of over SMTP.
 */
export const mailEnv = (defaultFrom: string) => ({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default(defaultFrom),
  MAIL_DIR: z.string().min(1).optional(),
});

/** The operator's time zone (ANALYTICS_TZ): every "today" and daily row is a calendar day there. */
export const defaultAnalyticsTimeZone = 'Europe/Bucharest';

export const isValidTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const analyticsTimeZoneEnv = z
  .string()
  .default(defaultAnalyticsTimeZone)
  .refine(isValidTimeZone, 'must be an IANA time zone name such as Europe/Bucharest');

/**
 * REVENUE_CURRENCY: the one currency conversions are recorded and summed in (ISO 4217). The
 * offers service refuses a postback in another currency (400 naming `currency`), so every revenue figure is a
 * sum of like amounts; the dashboard shows it beside them. RON: the operator is in Romania.
 */
export const defaultRevenueCurrency = 'RON';
export const revenueCurrencyEnv = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code in capitals such as RON or EUR')
  .default(defaultRevenueCurrency);

/**
 * POSTBACK_TOKEN (the offers service): the secret the affiliate networks put in GET /api/postback's `token`. No
 * default: unset, the postback answers 404 (not offered) rather than take conversions anyone could forge. At
 * least 24 characters, so a short guessable word is refused at start. Here, beside REVENUE_CURRENCY, so the
 * embedded mode reads the same name with the same check.
 */
export const postbackTokenEnv = z.preprocess(
  // docker-compose passes an unset variable on as '' (`${POSTBACK_TOKEN:-}`): that means unset, not a short token.
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .min(24, 'must be at least 24 characters (a random secret shared with the affiliate networks)')
    .max(512)
    .optional(),
);

/**
 * POSTBACK_MAX_PAYOUT (the offers service): the largest payout one postback may report, in REVENUE_CURRENCY.
 * Above it the postback is a 400 naming `payout` and nothing is stored: one mistyped or forged amount must not
 * become the period's revenue. 10,000: far above what one sale of a health product pays its affiliate.
 */
export const defaultPostbackMaxPayout = 10_000;
export const postbackMaxPayoutEnv = z.coerce
  .number()
  .positive('must be a positive amount in REVENUE_CURRENCY')
  .max(9_999_999_999, 'must be below 10 billion (the largest payout a postback can write)')
  .default(defaultPostbackMaxPayout);

/**
 * OFFER_SHARE_WINDOW_DAYS (the offers service): the days, today included, whose impressions and conversions
 * an auto segment's shares are computed from (docs/counting.md: Share). Two weeks: enough traffic to tell
 * offers apart, recent enough to follow a partner who changes its page or its payout.
 */
export const defaultOfferShareWindowDays = 14;
export const offerShareWindowDaysEnv = z.coerce
  .number()
  .int('must be a whole number of days')
  .min(1, 'must be at least 1 day')
  .max(90, 'must be at most 90 days')
  .default(defaultOfferShareWindowDays);

/**
 * POSTBACK_MAX_CONVERSIONS_PER_CLICK (the offers service): conversions one click may bring. A network attributes
 * every sale in its cookie window to the click that set the cookie, so one click can truly bring a sale, an
 * upsell and a repeat order; more than 3 from one person's click is a network resending a sale under new
 * transaction ids, or a forgery. Past it, a 409 naming `click_id`, nothing stored.
 */
export const defaultPostbackMaxConversionsPerClick = 3;
export const postbackMaxConversionsPerClickEnv = z.coerce
  .number()
  .int()
  .min(1, 'must be at least 1 (a click brings at least its sale)')
  .max(1000)
  .default(defaultPostbackMaxConversionsPerClick);
