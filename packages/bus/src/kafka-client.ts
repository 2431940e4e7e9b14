// The one place a kafkajs client is made for the tools beside the bus (topic admin, topic reader, raw
// producer): quiet, and failing within the given times, so a broker that is away is an answer, not a hang.
import { Kafka, logLevel } from 'kafkajs';

export interface KafkaClientOptions {
  brokers: string[];
  /** Names the tool in the broker's client list. */
  clientId: string;
  /** How long to wait for a connection (ms, default 1000). */
  connectionTimeoutMs?: number;
  /** How long to wait for an answer (ms, default 5000). */
  requestTimeoutMs?: number;
  /** Retries of a failed request (default kafkajs's 5; a probe wants 0). */
  retries?: number;
}

export function kafkaClient(options: KafkaClientOptions): Kafka {
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: options.connectionTimeoutMs ?? 1000,
    requestTimeout: options.requestTimeoutMs ?? 5000,
    ...(options.retries === undefined ? {} : { retry: { retries: options.retries } }),
  });
}
