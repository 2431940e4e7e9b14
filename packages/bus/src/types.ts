// The bus as every service sees it. Two adapters implement it: Kafka (distributed mode) and in-process
// (embedded mode), with the same delivery semantics: at least once, ordered per key, a handler's batch
// acknowledged only after the handler resolved, poison messages dead-lettered while consumption goes on.
// bus.cases.ts is that contract as tests, run against both adapters.
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';

export interface ConsumedBatch<P = unknown> {
  topic: TopicDefinition;
  events: Envelope<P>[];
}

export interface ConsumeOptions {
  /**
   * Every group gets every event; the consumers of one group share the topics' partitions, so each event
   * goes to one of them (at least once), and an unacknowledged batch goes to the next consumer of the group.
   */
  groupId: string;
  topics: TopicDefinition[];
  /** Applies a batch; resolves only once its effects are durable (e.g. the DB transaction committed). */
  handler: (batch: ConsumedBatch) => Promise<void>;
  /** Whether an error can be cured by trying again (a database that is away) — then we back off and retry. */
  isRetryable?: (err: unknown) => boolean;
  /** Called after each batch is acknowledged (used for metrics and notices). */
  onBatchApplied?: (batch: ConsumedBatch) => void;
  /**
   * How many of this consumer's partitions have a batch in the handler at once (default 1). Each partition's
   * batches still go one after the other, in order, so one key's events keep their order; batches of
   * different partitions (and topics) may be applied side by side, so the handler must be safe to run
   * concurrently with itself (the aggregator: rows locked in key order, deadlocks retried).
   */
  partitionsConsumedConcurrently?: number;
}

export interface Consumer {
  stop(): Promise<void>;
}

export interface DeadLetter {
  /** The base name of the topic the message came from (its dead letters are on `<topic>.dlq`). */
  topic: string;
  /** Why it could not be applied: the decoding error, or the handler's error message. */
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
  /** The topic's dead letters, oldest first: waits until `expect` are there or `timeoutMs` passed. */
  readDeadLetters(
    topic: TopicDefinition,
    options: { expect: number; timeoutMs?: number },
  ): Promise<DeadLetter[]>;
  /**
   * Resolves true once every consumer group consuming through this bus has acknowledged everything published
   * on its topics so far — every event was handed to a consumer and its handler resolved — or false when
   * `timeoutMs` passed first. Publishes still waiting to be written are written first.
   */
  drain(timeoutMs: number): Promise<boolean>;
  /**
   * Refuses new writes at once (BusUnavailableError), writes the ones accepted before, lets each consumer
   * finish the batch in hand (a handler that resolves is acknowledged; one that fails leaves its batch to the
   * group's next consumer) and stops them: no handler is called after close() resolved. The in-process bus,
   * whose log is memory, first drains (see InProcessBus).
   */
  close(): Promise<void>;
}

/** The bus could not take the write in time: the caller answers 503. */
export class BusUnavailableError extends Error {
  /** When the caller may try again (the 503's Retry-After), if the bus can tell. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options?: ErrorOptions & { retryAfterSeconds?: number }) {
    super(message, options);
    this.name = 'BusUnavailableError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
