// The embedded mode's settings (`npm start`), read once from the environment by main.ts. The names and
// defaults are the distributed services' own (README "Settings"), plus where the data and the mail go
// and the first admin.
import { z } from 'zod';
import { analyticsTimeZoneEnv, loadConfig, portEnv } from '@bodymetrics/service-kit';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

export const embeddedEnvSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    PORT: portEnv(8080),
    /** Request logs of every service; the embedded mode is quiet by default (warnings and errors only). */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    /** PGlite's folder; a second process on the same folder is refused (see `<DATA_DIR>.lock`). */
    DATA_DIR: z.string().min(1).default('./var/pgdata'),
    MAIL_DIR: z.string().min(1).default('./var/mail'),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
    ANALYTICS_TZ: analyticsTimeZoneEnv,
    /** Links in mails and share pages; default http://127.0.0.1:<PORT>. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    CONTACT_TO: z.email().default('operator@bodymetrics.local'),
    /** Sender of every mail; default reports@ / admin@bodymetrics.local as in the distributed mode. */
    MAIL_FROM: optionalText,
    PUBLIC_DIR: optionalText,
    ADMIN_DIR: optionalText,
    IP_STORAGE: z.enum(['truncated', 'full', 'none']).default('truncated'),
    RATE_LIMIT_TRACKING_PER_MINUTE: z.coerce.number().int().positive().default(600),
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    COOKIE_SECURE: flag.optional(),
    /** Signs admin device markers; unset: a key generated once and kept in the database (as admin-auth). */
    DEVICE_COOKIE_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    RETENTION_DAYS: z.coerce.number().int().min(8, 'must be at least 8 (days)').default(395),
    /** The gateway's /metrics listener: off unless METRICS_PORT is set (on METRICS_HOST, loopback by default). */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
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
