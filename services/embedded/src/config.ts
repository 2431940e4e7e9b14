// The embedded mode's settings (`npm start`), read once from the environment by main.ts. Every setting a
// distributed service also reads is taken from that service's own fragment — the same name, check and
// default (docs/operating.md) — so a default is written in one place. Only what is the embedded mode's
// own is declared here: where the data and the mail go, the first admin, and the few settings whose
// meaning differs in one process (quiet logs, the public URL following PORT, metrics off by default).
import { z } from 'zod';
import { adminAuthSettings } from '@bodymetrics/admin-auth/settings';
import { aggregatorSettings } from '@bodymetrics/aggregator/settings';
import { analyticsSettings } from '@bodymetrics/analytics/settings';
import { gatewaySettings } from '@bodymetrics/gateway/settings';
import { liveSettings } from '@bodymetrics/live/settings';
import { offersSettings } from '@bodymetrics/offers/settings';
import { reportsRateLimitOf, reportsRateLimitSettings, reportsSettings } from '@bodymetrics/reports/settings';
import {
  commonEnv,
  loadConfig,
  offerShareWindowDaysEnv,
  postbackMaxConversionsPerClickEnv,
  postbackMaxPayoutEnv,
  postbackTokenEnv,
  revenueCurrencyEnv,
} from '@bodymetrics/service-kit';
import { trackingSettings } from '@bodymetrics/tracking/settings';
import type { EmbeddedOptions } from './embedded';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const gateway = gatewaySettings.shape;

export const embeddedEnvSchema = z
  .object({
    HOST: commonEnv.HOST,
    PORT: gateway.PORT,
    /** Request logs of every service; the embedded mode is quiet by default (warnings and errors only). */
    LOG_LEVEL: commonEnv.LOG_LEVEL.unwrap().default('warn'),
    /** PGlite's folder; a second process on the same folder is refused (see `<DATA_DIR>.lock`). */
    DATA_DIR: z.string().min(1).default('./var/pgdata'),
    MAIL_DIR: z.string().min(1).default('./var/mail'),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
    ANALYTICS_TZ: aggregatorSettings.shape.ANALYTICS_TZ,
    /** Links in mails and share pages; default http://127.0.0.1:<PORT>. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    CONTACT_TO: reportsSettings.shape.CONTACT_TO,
    /** Sender of every mail; default reports@ / admin@bodymetrics.local as in the distributed mode. */
    MAIL_FROM: optionalText,
    /** Default as the gateway's (the repository's web builds); empty means the default. */
    PUBLIC_DIR: optionalText,
    ADMIN_DIR: optionalText,
    IP_STORAGE: trackingSettings.shape.IP_STORAGE,
    RATE_LIMIT_TRACKING_PER_MINUTE: gateway.RATE_LIMIT_TRACKING_PER_MINUTE,
    RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE: gateway.RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE,
    RATE_LIMIT_API_KEY_PER_MINUTE: analyticsSettings.shape.RATE_LIMIT_API_KEY_PER_MINUTE,
    RATE_LIMIT_SHARED_VIEW_PER_MINUTE: analyticsSettings.shape.RATE_LIMIT_SHARED_VIEW_PER_MINUTE,
    /** Whether the one process evaluates the alert rules (as analytics). */
    ALERTS_ENABLED: analyticsSettings.shape.ALERTS_ENABLED,
    /** Reports' per-client limits and mails per recipient (as the reports service). */
    ...reportsRateLimitSettings,
    /** Messages per live socket (as the live service). */
    RATE_LIMIT_MESSAGES: liveSettings.shape.RATE_LIMIT_MESSAGES,
    RATE_LIMIT_WINDOW_MS: liveSettings.shape.RATE_LIMIT_WINDOW_MS,
    TRUST_PROXY_HOPS: gateway.TRUST_PROXY_HOPS,
    SESSION_TTL_HOURS: adminAuthSettings.shape.SESSION_TTL_HOURS,
    COOKIE_SECURE: adminAuthSettings.shape.COOKIE_SECURE,
    /** Signs admin device markers; unset: a key generated once and kept in the database (as admin-auth). */
    DEVICE_COOKIE_SECRET: adminAuthSettings.shape.DEVICE_COOKIE_SECRET,
    /** A second factor for every admin (as admin-auth). */
    ADMIN_2FA_REQUIRED: adminAuthSettings.shape.ADMIN_2FA_REQUIRED,
    RETENTION_DAYS: aggregatorSettings.shape.RETENTION_DAYS,
    /** A daily snapshot of the database into BACKUP_DIR, the newest BACKUP_KEEP kept (as the aggregator). */
    BACKUP_DIR: aggregatorSettings.shape.BACKUP_DIR,
    BACKUP_KEEP: aggregatorSettings.shape.BACKUP_KEEP,
    SUSPICIOUS_CLICKS_PER_MINUTE: aggregatorSettings.shape.SUSPICIOUS_CLICKS_PER_MINUTE,
    /** The networks' postback secret (as the offers service); unset, GET /api/postback answers 404. */
    POSTBACK_TOKEN: postbackTokenEnv,
    REVENUE_CURRENCY: revenueCurrencyEnv,
    /** The postback's sanity bounds (as the offers service). */
    POSTBACK_MAX_PAYOUT: postbackMaxPayoutEnv,
    POSTBACK_MAX_CONVERSIONS_PER_CLICK: postbackMaxConversionsPerClickEnv,
    /** The days an auto segment's offer shares are computed over (as the offers service). */
    OFFER_SHARE_WINDOW_DAYS: offerShareWindowDaysEnv,
    /** The note in place of offers for a BMI under 17.5 (as the offers service). */
    EATING_DISORDER_SUPPORT_TEXT: offersSettings.shape.EATING_DISORDER_SUPPORT_TEXT,
    /** The gateway's /metrics listener: off unless METRICS_PORT is set (on METRICS_HOST, loopback by default). */
    METRICS_HOST: gateway.METRICS_HOST,
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.ADMIN_USERNAME) !== Boolean(c.ADMIN_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: [c.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD go together: set both, or neither',
      });
  });

export type EmbeddedConfig = z.infer<typeof embeddedEnvSchema>;

export const embeddedConfig = (env: NodeJS.ProcessEnv = process.env): EmbeddedConfig =>
  loadConfig(embeddedEnvSchema, env);

/** Every limit setting as startEmbedded takes it: the distributed services' names, read the same way. */
export const embeddedRateLimitsOf = (config: EmbeddedConfig) =>
  ({
    trackingRateLimitPerMinute: config.RATE_LIMIT_TRACKING_PER_MINUTE,
    trackingRateLimitPerBrowserPerMinute: config.RATE_LIMIT_TRACKING_PER_BROWSER_PER_MINUTE,
    apiKeyRateLimitPerMinute: config.RATE_LIMIT_API_KEY_PER_MINUTE,
    sharedViewPerMinute: config.RATE_LIMIT_SHARED_VIEW_PER_MINUTE,
    reportsRateLimit: reportsRateLimitOf(config),
    live: { rateLimit: { messages: config.RATE_LIMIT_MESSAGES, windowMs: config.RATE_LIMIT_WINDOW_MS } },
  }) satisfies Partial<EmbeddedOptions>;
