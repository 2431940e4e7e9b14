// The analytics process's settings, read once from the environment by main.ts.
import { z } from 'zod';
import { analyticsTimeZoneEnv, commonEnv, loadConfig, portEnv } from '@bodymetrics/service-kit';
import { defaultDatabaseUrl } from '@bodymetrics/db';

export const analyticsEnvSchema = z.object({
  ...commonEnv,
  PORT: portEnv(8085),
  DATABASE_URL: z.string().url().default(defaultDatabaseUrl),
  ANALYTICS_TZ: analyticsTimeZoneEnv,
});

export type AnalyticsConfig = z.infer<typeof analyticsEnvSchema>;

export const loadAnalyticsConfig = (env: NodeJS.ProcessEnv = process.env): AnalyticsConfig =>
  loadConfig(analyticsEnvSchema, env);
