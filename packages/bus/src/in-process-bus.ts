// The embedded mode's bus: one process, no broker. Same interface and semantics as Kafka: each topic is
// an ordered log, each consumer group keeps its own offset, a batch is acknowledged (offset advanced)
// only after the handler resolved, so delivery is at least once and ordered. Nothing survives a restart
// of the process — the embedded mode's writes are applied within milliseconds, and the README says so.
import { deadLetterTopicName, type Envelope, type TopicDefinition } from '@bodymetrics/contracts';
import { applyBatch } from './apply';
import { buildEnvelope, decodeEnvelope } from './envelope';
import {
  BusUnavailableError,
  type Bus,
  type ConsumeOptions,
  type Consumer,
  type DeadLetter,
  type PublishOptions,
} from './types';

interface Log {
  messages: { key: string; value: string }[];
  /** Messages before this index were acknowledged by every group and are dropped from memory. */
  base: number;
}

export class InProcessBus implements Bus {
  private readonly logs = new Map<string, Log>();
  private readonly waiters = new Set<() => void>();
  private readonly loops = new Set<Promise<void>>();
  readonly deadLetters: DeadLetter[] = [];
  private closed = false;

  constructor(
    private readonly options: {
      maxBatch?: number;
      log?: (m: string, e?: unknown) => void;
      /** Told of every dead letter (metrics). */
      onDeadLetter?: (letter: DeadLetter) => void;
    } = {},
  ) {}

  private addDeadLetter(letter: DeadLetter): void {
    this.deadLetters.push(letter);
    this.options.onDeadLetter?.(letter);
  }

  ensureTopics(defs: TopicDefinition[]): Promise<void> {
    for (const d of defs) if (!this.logs.has(d.name)) this.logs.set(d.name, { messages: [], base: 0 });
    return Promise.resolve();
  }

  publish<P>(topic: TopicDefinition, payload: P, options: PublishOptions = {}): Promise<Envelope<P>> {
    const envelope = buildEnvelope(topic, payload, new Date(), options.id);
    this.append(topic, topic.key(payload), JSON.stringify(envelope));
    return Promise.resolve(envelope);
  }

  publishRaw(topic: TopicDefinition, key: string, value: string): Promise<void> {
    this.append(topic, key, value);
    return Promise.resolve();
  }

  private append(topic: TopicDefinition, key: string, value: string): void {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    const log = this.logs.get(topic.name);
    if (!log) throw new BusUnavailableError(`unknown topic ${topic.name}`);
    log.messages.push({ key, value });
    for (const wake of this.waiters) wake();
  }

  consume(options: ConsumeOptions): Promise<Consumer> {
    let running = true;
    const offsets = new Map<string, number>(options.topics.map((t) => [t.name, 0]));
    const maxBatch = this.options.maxBatch ?? 500;
    const loop = (async () => {
      while (running && !this.closed) {
        let worked = false;
        for (const topic of options.topics) {
          const log = this.logs.get(topic.name);
          const offset = offsets.get(topic.name) ?? 0;
          if (!log || offset >= log.base + log.messages.length) continue;
          const slice = log.messages.slice(offset - log.base, offset - log.base + maxBatch);
          const events: Envelope<unknown>[] = [];
          for (const m of slice) {
            const decoded = decodeEnvelope(topic, m.value);
            if (decoded.ok) events.push(decoded.envelope);
            else
              this.addDeadLetter({
                topic: deadLetterTopicName(topic.name),
                reason: decoded.reason,
                value: m.value,
                failedAt: new Date().toISOString(),
              });
          }
          if (events.length) {
            try {
              await applyBatch({ topic, events }, options, {
                isRunning: () => running && !this.closed,
                heartbeat: () => Promise.resolve(),
                log: this.options.log,
                deadLetter: (event, reason) => {
                  this.addDeadLetter({
                    topic: deadLetterTopicName(topic.name),
                    reason,
                    value: JSON.stringify(event),
                    failedAt: new Date().toISOString(),
                  });
                  return Promise.resolve();
                },
              });
            } catch {
              return; // stopping: the batch stays unacknowledged
            }
          }
          offsets.set(topic.name, offset + slice.length);
          options.onBatchApplied?.({ topic, events });
          // Only one group consumes in the embedded mode; drop what it acknowledged.
          log.messages.splice(0, offset + slice.length - log.base);
          log.base = offset + slice.length;
          worked = true;
        }
        if (!worked) {
          await new Promise<void>((resolve) => {
            const wake = () => {
              this.waiters.delete(wake);
              resolve();
            };
            this.waiters.add(wake);
            setTimeout(wake, 1000);
          });
        }
      }
    })();
    this.loops.add(loop);
    return Promise.resolve({
      stop: async () => {
        running = false;
        for (const wake of this.waiters) wake();
        await loop;
        this.loops.delete(loop);
      },
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiters) wake();
    await Promise.all(this.loops);
  }
}
