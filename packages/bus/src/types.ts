// The bus as every service sees it. Two adapters implement it: Kafka (distributed mode) and in-process
// (embedded mode), with the same delivery semantics: at least once, ordered per key, a handler's batch
// acknowledged only after the handler resolved, poison messages dead-lettered while consumption goes on.
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';

export interface ConsumedBatch<P = unknown> {
  topic: TopicDefinition;
  events: Envelope<P>[];
}

export interface ConsumeOptions {
  groupId: string;
  topics: TopicDefinition[];
  /** Applies a batch; resolves only once its effects are durable (e.g. the DB transaction committed). */
  handler: (batch: ConsumedBatch) => Promise<void>;
  /** Whether an error can be cured by trying again (a database that is away) — then we back off and retry. */
  isRetryable?: (err: unknown) => boolean;
  /** Called after each batch is acknowledged (used for metrics and notices). */
  onBatchApplied?: (batch: ConsumedBatch) => void;
}

export interface Consumer {
  stop(): Promise<void>;
}

export interface DeadLetter {
  topic: string;
  reason: string;
  /** The raw message as it arrived (string), so nothing is lost even when it is not JSON. */
  value: string;
  failedAt: string;
}

export interface PublishOptions {
  /**
   * The event's id (a UUID, written in lowercase as Postgres reads it back). Consumers apply each id once per
   * topic, so a second event published with the same id on the same topic is dropped as a duplicate.
   */
  id?: string;
}

export interface Bus {
  ensureTopics(topics: TopicDefinition[]): Promise<void>;
  /**
   * Wraps each payload in an envelope, validates it and resolves once the bus acknowledged the write. The
   * envelope's id is `options.id` when given (the caller's id for this event, e.g. a tracking call's
   * `eventId`, so a write sent twice is applied once), else a fresh UUIDv7.
   */
  publish<P>(topic: TopicDefinition, payload: P, options?: PublishOptions): Promise<Envelope<P>>;
  consume(options: ConsumeOptions): Promise<Consumer>;
  /** Publishes raw values (tests and tools: e.g. inject a poison message). */
  publishRaw(topic: TopicDefinition, key: string, value: string): Promise<void>;
  /** How far a consumer group is behind, per partition (metrics); adapters that cannot tell leave it out. */
  consumerLag?(
    groupId: string,
    topics: TopicDefinition[],
  ): Promise<{ topic: string; partition: number; lag: number }[]>;
  close(): Promise<void>;
}

/** The bus could not take the write in time: the caller answers 503. */
export class BusUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BusUnavailableError';
  }
}
