// The analytics process's settings (README "Settings"), read once from the environment by main.ts. The
// fragment is exported for the whole-system composition (@bodymetrics/analytics/settings).
import { z } from 'zod';
import { analyticsTimeZoneEnv, commonEnv, loadConfig, portEnv } from '@bodymetrics/service-kit';
import { defaultDatabaseUrl } from '@bodymetrics/db';

export const analyticsSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8085),
  DATABASE_URL: z.string().url().default(defaultDatabaseUrl),
  ANALYTICS_TZ: analyticsTimeZoneEnv,
});

export type AnalyticsSettings = z.infer<typeof analyticsSettings>;

export const analyticsSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): AnalyticsSettings =>
  loadConfig(analyticsSettings, env);
