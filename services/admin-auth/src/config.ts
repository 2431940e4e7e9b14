// The admin-auth process's settings (docs/operating.md), each checked at start. The fragment is exported
// so the embedded mode reads the same names with the same defaults (@bodymetrics/admin-auth/settings).
import { z } from 'zod';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import { commonEnv, defaultRedisUrl, flagEnv, loadConfig, mailEnv, portEnv } from '@bodymetrics/service-kit';

export const adminAuthSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8084),
  DATABASE_URL: z.string().default(defaultDatabaseUrl),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .default(defaultRedisUrl),
  REDIS_KEY_PREFIX: z.string().default('bm:'),
  /** The live service's REDIS_KEY_PREFIX: it names the channel on which ended sessions are announced. */
  LIVE_KEY_PREFIX: z.string().default(''),
  /**
   * Signs the device-marker cookie of browsers that logged in before. Unset: a random key is generated
   * once and kept in Postgres (service_secrets), the same for every instance.
   */
  DEVICE_COOKIE_SECRET: z
    .union([z.literal(''), z.string().min(32, 'must be at least 32 characters')])
    .optional()
    .transform((v) => v || undefined),
  ...mailEnv('BodyMetrics <admin@bodymetrics.local>'),
  /** The origin the operator opens: reset links point at `${PUBLIC_BASE_URL}/admin/reset-password`. */
  PUBLIC_BASE_URL: z.url().default('http://127.0.0.1:8080'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /**
   * A second factor (TOTP) for every admin: after the password, an admin without one can only enrol one.
   * Off: a second factor only for the admins who enrolled one.
   */
  ADMIN_2FA_REQUIRED: flagEnv.default(false),
  /** Secure cookies; by default on exactly when PUBLIC_BASE_URL is https. */
  COOKIE_SECURE: flagEnv.optional(),
});

const adminAuthEnv = adminAuthSettings.transform((c) => ({
  ...c,
  COOKIE_SECURE: c.COOKIE_SECURE ?? c.PUBLIC_BASE_URL.startsWith('https:'),
}));

export type AdminAuthSettings = z.infer<typeof adminAuthEnv>;
export const adminAuthSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): AdminAuthSettings =>
  loadConfig(adminAuthEnv, env);
