// The reports service's settings (docs/operating.md), read from the environment once (main.ts), each
// checked at start. The fragment is exported so the embedded mode reads the same names with the same
// defaults (@bodymetrics/reports/settings).
import { z } from 'zod';
import { kafkaProducerEnv } from '@bodymetrics/bus';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import {
  analyticsTimeZoneEnv,
  commonEnv,
  countEnv,
  ipStorageEnv,
  loadConfig,
  mailEnv,
  millisecondsEnv,
  portEnv,
} from '@bodymetrics/service-kit';
import type { ReportsDeps } from './deps';

/**
 * The per-client limits (`<WHAT>_RATE_LIMIT_MAX` / `_WINDOW_MS`: calls per client per window) and the mails
 * per recipient; the embedded mode reads the same fragment.
 */
export const reportsRateLimitSettings = {
  CONTACT_RATE_LIMIT_MAX: countEnv(5),
  CONTACT_RATE_LIMIT_WINDOW_MS: millisecondsEnv(10 * 60 * 1000, { min: 1000 }),
  REPORT_RATE_LIMIT_MAX: countEnv(10),
  REPORT_RATE_LIMIT_WINDOW_MS: millisecondsEnv(10 * 60 * 1000, { min: 1000 }),
  // Stored report copies (POST /api/submit-report, one per report sent) and share cards per client.
  SUBMIT_REPORT_RATE_LIMIT_MAX: countEnv(10),
  SUBMIT_REPORT_RATE_LIMIT_WINDOW_MS: millisecondsEnv(10 * 60 * 1000, { min: 1000 }),
  SHARE_IMAGE_RATE_LIMIT_MAX: countEnv(20),
  SHARE_IMAGE_RATE_LIMIT_WINDOW_MS: millisecondsEnv(10 * 60 * 1000, { min: 1000 }),
  // Report mails to one address, whoever asks for them (a person asks for a report a few times a day).
  REPORTS_PER_RECIPIENT_MAX: countEnv(3),
  REPORTS_PER_RECIPIENT_WINDOW_MS: millisecondsEnv(24 * 60 * 60 * 1000, { min: 60_000 }),
};

export const reportsSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8083),
  DATABASE_URL: z.string().default(defaultDatabaseUrl),
  ...mailEnv('BodyMetrics <reports@bodymetrics.local>'),
  CONTACT_TO: z.email().default('operator@bodymetrics.local'),
  /** The public origin visitors use (the gateway): links in mails and share pages point there. */
  PUBLIC_BASE_URL: z.url().default('http://127.0.0.1:8080'),
  /**
   * Rate-limit counters shared by every instance and the day's visitor salt shared with tracking (the funnel's
   * email_provided/report_sent count the same visitor as the page's steps only with the same URL and prefix).
   */
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default('bm:'),
  // The bus that carries the funnel's email_provided and report_sent steps (the journey topic), as tracking's.
  ...kafkaProducerEnv,
  /** The day a daily visitor key lasts is a calendar day of the dashboard's time zone (as tracking's). */
  ANALYTICS_TZ: analyticsTimeZoneEnv,
  ...reportsRateLimitSettings,
  // How long the newsletter confirmation link in a report mail stays valid (double opt-in).
  NEWSLETTER_CONFIRMATION_TTL_MS: millisecondsEnv(7 * 24 * 60 * 60 * 1000, { min: 60_000 }),
  IP_STORAGE: ipStorageEnv,
});

export type ReportsSettings = z.infer<typeof reportsSettings>;
export const reportsSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): ReportsSettings =>
  loadConfig(reportsSettings, env);

/** The limits of those settings as buildApp takes them (main.ts; the embedded mode). */
export const reportsRateLimitOf = (
  settings: z.infer<z.ZodObject<typeof reportsRateLimitSettings>>,
): Required<NonNullable<ReportsDeps['rateLimit']>> => ({
  contactMax: settings.CONTACT_RATE_LIMIT_MAX,
  contactWindowMs: settings.CONTACT_RATE_LIMIT_WINDOW_MS,
  reportMax: settings.REPORT_RATE_LIMIT_MAX,
  reportWindowMs: settings.REPORT_RATE_LIMIT_WINDOW_MS,
  submitReportMax: settings.SUBMIT_REPORT_RATE_LIMIT_MAX,
  submitReportWindowMs: settings.SUBMIT_REPORT_RATE_LIMIT_WINDOW_MS,
  shareImageMax: settings.SHARE_IMAGE_RATE_LIMIT_MAX,
  shareImageWindowMs: settings.SHARE_IMAGE_RATE_LIMIT_WINDOW_MS,
  reportsPerRecipient: settings.REPORTS_PER_RECIPIENT_MAX,
  reportsPerRecipientWindowMs: settings.REPORTS_PER_RECIPIENT_WINDOW_MS,
});
