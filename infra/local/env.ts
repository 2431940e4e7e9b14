// The only place infra/local reads process.env. Unset variables fall back to the local defaults
// every developer machine and CI runner uses.
import { z } from 'zod';

const hostPort = z
  .string()
  .regex(/^[^\s:,]+:\d{1,5}$/, 'expected host:port')
  .transform((value) => {
    const at = value.lastIndexOf(':');
    return { host: value.slice(0, at), port: Number(value.slice(at + 1)) };
  });

const schema = z.object({
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/bodymetrics'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((value) => value.split(',').map((broker) => broker.trim()))
    .pipe(z.array(hostPort).min(1)),
  // The three-broker cluster (`infra:up --kafka-brokers=3`): ports of its own, beside the default broker's.
  KAFKA_CLUSTER_BROKERS: z
    .string()
    .default('127.0.0.1:19092,127.0.0.1:19094,127.0.0.1:19096')
    .transform((value) => value.split(',').map((broker) => broker.trim()))
    .pipe(z.array(hostPort).length(3, 'expected three host:port, one per broker')),
});

export interface InfraEnv {
  databaseUrl: string;
  redisUrl: string;
  /** The first broker is the one infra/local runs; the rest are only passed on to clients. */
  kafkaBrokers: { host: string; port: number }[];
  /** The nodes of the local three-broker cluster, node 1 first; each one's controller listens on the next port. */
  kafkaClusterBrokers: { host: string; port: number }[];
}

export function readInfraEnv(env: NodeJS.ProcessEnv = process.env): InfraEnv {
  const parsed = schema.safeParse({
    DATABASE_URL: env.DATABASE_URL || undefined,
    REDIS_URL: env.REDIS_URL || undefined,
    KAFKA_BROKERS: env.KAFKA_BROKERS || undefined,
    KAFKA_CLUSTER_BROKERS: env.KAFKA_CLUSTER_BROKERS || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid environment for infra/local — ${problems.join('; ')}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    redisUrl: parsed.data.REDIS_URL,
    kafkaBrokers: parsed.data.KAFKA_BROKERS,
    kafkaClusterBrokers: parsed.data.KAFKA_CLUSTER_BROKERS,
  };
}

/** Only a server on this machine can be started by infra/local; anything else must already run. */
export function isLocalHost(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0'].includes(host);
}
