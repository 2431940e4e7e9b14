// The live process's settings (docs/operating.md), read once from the environment by main.ts. The
// fragment is exported for the whole-system composition (@bodymetrics/live/settings).
import { z } from 'zod';
import { defaultActiveWindowMs } from '@bodymetrics/contracts';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import {
  commonEnv,
  countEnv,
  defaultRedisUrl,
  loadConfig,
  millisecondsEnv,
  portEnv,
} from '@bodymetrics/service-kit';

const ms = (fallback: number) => millisecondsEnv(fallback, { min: 50 });

export const liveSettings = z.object({
  ...commonEnv,
  PORT: portEnv(8086),
  DATABASE_URL: z.string().default(defaultDatabaseUrl),
  /** 'memory' only makes sense for a single instance (several would each see a part of the visitors). */
  PRESENCE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().default(defaultRedisUrl),
  REDIS_KEY_PREFIX: z.string().default(''),
  ACTIVE_WINDOW_MS: ms(defaultActiveWindowMs),
  SWEEP_INTERVAL_MS: ms(5_000),
  WS_HEARTBEAT_MS: ms(30_000),
  SESSION_RECHECK_MS: ms(60_000),
  MAX_SOCKETS_PER_IP: countEnv(20),
  // Caps of the live list: one client network (/24, /64 — one party with many
  // addresses) may add at most this many active visitors, and the list holds at most the total.
  PRESENCE_MAX_PER_NETWORK: countEnv(20),
  PRESENCE_MAX_TOTAL: countEnv(100_000),
  RATE_LIMIT_MESSAGES: countEnv(20),
  RATE_LIMIT_WINDOW_MS: ms(10_000),
});

export type LiveSettings = z.infer<typeof liveSettings>;

export const liveSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): LiveSettings =>
  loadConfig(liveSettings, env);
