// The offers process's settings, read once at start (main.ts) and validated with a message naming the variable.
import { z } from 'zod';
import { defaultDatabaseUrl } from '@bodymetrics/db';
import { commonEnv, loadConfig, portEnv } from '@bodymetrics/service-kit';

export const offersEnvSchema = z.object({
  ...commonEnv,
  PORT: portEnv(8082),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default(defaultDatabaseUrl),
  /** Write the shipped offers and legal pages at start (idempotent); off where content is managed elsewhere. */
  SEED_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type OffersConfig = z.infer<typeof offersEnvSchema>;

export const loadOffersConfig = (env: NodeJS.ProcessEnv = process.env): OffersConfig =>
  loadConfig(offersEnvSchema, env);
