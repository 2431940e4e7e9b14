// The analytics process's settings (docs/operating.md), read once from the environment by main.ts. The
// fragment is exported for the whole-system composition (@bodymetrics/analytics/settings).
import { z } from 'zod';
import {
  analyticsTimeZoneEnv,
  commonEnv,
  flagEnv,
  loadConfig,
  mailEnv,
  millisecondsEnv,
  portEnv,
  revenueCurrencyEnv,
} from '@bodymetrics/service-kit';
import { defaultDatabaseUrl } from '@bodymetrics/db';

export const analyticsSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8085),
  DATABASE_URL: z.string().url().default(defaultDatabaseUrl),
  ANALYTICS_TZ: analyticsTimeZoneEnv,
  /** The currency the dashboard names beside revenue (the offers service records conversions only in it). */
  REVENUE_CURRENCY: revenueCurrencyEnv,
  // The weekly digest's mail, like the reports service's.
  ...mailEnv('BodyMetrics <reports@bodymetrics.local>'),
  /** The local hour (ANALYTICS_TZ) on Monday from which the weekly digest goes out. */
  WEEKLY_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** Whether this process evaluates the alert rules and mails their episodes (one instance at a time). */
  ALERTS_ENABLED: flagEnv.default(true),
  /** Reads per read-only API key and minute (counted by each analytics process). */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Requests per client and minute to the shared links' routes (/api/shared/…), counted in Postgres. */
  RATE_LIMIT_SHARED_VIEW_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** How often the alert rules are evaluated (internal; 5 minutes). */
  ALERT_EVAL_INTERVAL_MS: millisecondsEnv(5 * 60 * 1000, { min: 1000 }),
});

export type AnalyticsSettings = z.infer<typeof analyticsSettings>;

export const analyticsSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): AnalyticsSettings =>
  loadConfig(analyticsSettings, env);
