// The bus settings of every process that talks to Kafka (docs/operating.md), written once: each process's
// config spreads the fragment it needs, and `kafkaBusOf` turns the parsed settings into the adapter.
import { z } from 'zod';
import { KafkaBus, type KafkaBusOptions } from './kafka-bus';

export const kafkaEnv = {
  KAFKA_BROKERS: z.string().default('127.0.0.1:9092'),
  /** Prefix of every topic name (tests use one each). */
  TOPIC_PREFIX: z.string().default(''),
  /** Partitions of the topics created at start. */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).default(6),
};

/** A producer's settings: how long a publish waits for Kafka's acknowledgement before it fails. */
export const kafkaProducerEnv = {
  ...kafkaEnv,
  PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * Parse the envelope of a payload built from an already-parsed body again before publishing (envelope.ts):
   * a diagnostic, and the ingest benchmark's "validated twice" path. Off by default.
   */
  PUBLISH_RECHECK: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
};

export interface KafkaSettings {
  KAFKA_BROKERS: string;
  TOPIC_PREFIX: string;
  KAFKA_PARTITIONS: number;
  PUBLISH_TIMEOUT_MS?: number;
  PUBLISH_RECHECK?: boolean;
}

/** The Kafka adapter for a process (`role` names it in the broker's client list). */
export function kafkaBusOf(
  settings: KafkaSettings,
  role: string,
  extra: Omit<
    KafkaBusOptions,
    'brokers' | 'clientId' | 'topicPrefix' | 'partitions' | 'publishTimeoutMs' | 'recheck'
  > = {},
): KafkaBus {
  return new KafkaBus({
    brokers: settings.KAFKA_BROKERS.split(','),
    clientId: `${role}-${process.pid}`,
    topicPrefix: settings.TOPIC_PREFIX,
    partitions: settings.KAFKA_PARTITIONS,
    ...(settings.PUBLISH_TIMEOUT_MS === undefined ? {} : { publishTimeoutMs: settings.PUBLISH_TIMEOUT_MS }),
    ...(settings.PUBLISH_RECHECK ? { recheck: true } : {}),
    ...extra,
  });
}
