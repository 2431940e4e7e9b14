// The aggregator process's settings (docs/operating.md), each checked at start. The fragment is exported
// so the embedded mode reads the same names with the same defaults (@bodymetrics/aggregator/settings).
import { z } from 'zod';
import { kafkaEnv } from '@bodymetrics/bus';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import {
  analyticsTimeZoneEnv,
  commonEnv,
  defaultRedisUrl,
  loadConfig,
  portEnv,
} from '@bodymetrics/service-kit';
import { defaultRetentionDays } from './retention';
import { defaultSuspiciousClicksPerMinute } from './suspicion';

export const aggregatorSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8087),
  DATABASE_URL: z.string().default(defaultDatabaseUrl),
  ...kafkaEnv,
  /** How long the broker waits for a silent (crashed) aggregator before handing its partitions on. */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6000).default(30_000),
  /** Partitions whose batches are applied at once, each in its own transaction (docs/performance.md, drain). */
  AGGREGATOR_PARTITIONS_CONCURRENTLY: z.coerce.number().int().min(1).max(16).default(2),
  REDIS_URL: z.string().default(defaultRedisUrl),
  REDIS_KEY_PREFIX: z.string().default(''),
  ANALYTICS_TZ: analyticsTimeZoneEnv,
  /** Raw events older than this many days are deleted (retention.ts). At least 8: longer than Kafka
   * keeps a message by default (7 days), so an event can never be replayed after its raw row is gone. */
  RETENTION_DAYS: z.coerce.number().int().min(8, 'must be at least 8 (days)').default(defaultRetentionDays),
  /** Scheduled backups (scheduled-backups.ts): a daily snapshot of the database into this folder; unset, none. */
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v)),
  /** How many of the newest scheduled snapshots BACKUP_DIR keeps. */
  BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1 (snapshots)').default(7),
  /** Past this many offer clicks in a minute from one visitor or one network, the clicks are suspicious. */
  SUSPICIOUS_CLICKS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 (clicks a minute)')
    .default(defaultSuspiciousClicksPerMinute),
});

export type AggregatorSettings = z.infer<typeof aggregatorSettings>;
export const aggregatorSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): AggregatorSettings =>
  loadConfig(aggregatorSettings, env);
