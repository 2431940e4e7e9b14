// The tracking process's settings (docs/operating.md), read once from the environment by main.ts. The
// fragment is exported so the embedded mode reads the same names with the same defaults
// (@bodymetrics/tracking/settings).
import { z } from 'zod';
import { kafkaProducerEnv } from '@bodymetrics/bus';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import { analyticsTimeZoneEnv, commonEnv, ipStorageEnv, loadConfig, portEnv } from '@bodymetrics/service-kit';
import { defaultOfferCacheTtlMs } from './active-offers';

export const trackingSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8081),
  ...kafkaProducerEnv,
  IP_STORAGE: ipStorageEnv,
  /** The day a daily visitor key lasts is a calendar day of the dashboard's time zone. */
  ANALYTICS_TZ: analyticsTimeZoneEnv,
  /** Where every tracking process finds the day's salt (visitor-key.ts); without it, this process's memory. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  // The same default as reports': both read the day's visitor salt under it.
  REDIS_KEY_PREFIX: z.string().default('bm:'),
  // Read only: clicks are checked against the active offers.
  DATABASE_URL: z.string().url().default(defaultDatabaseUrl),
  // How long the active offers are kept: an offer (de)activated in the table is seen within this.
  OFFER_CACHE_TTL_MS: z.coerce.number().int().min(100).max(60_000).default(defaultOfferCacheTtlMs),
});

export type TrackingSettings = z.infer<typeof trackingSettings>;

export const trackingSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): TrackingSettings =>
  loadConfig(trackingSettings, env);
