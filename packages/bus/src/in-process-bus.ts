// The embedded mode's bus: one process, no broker, the same contract as Kafka (bus.cases.ts). Each topic is
// a set of partitions (an event's key picks one, so one key's events stay in order); each consumer group
// keeps its own offset per partition and its consumers share the partitions; a batch is acknowledged (the
// offset advanced) only after the handler resolved, so an unacknowledged batch goes to the group's next
// consumer.
//
// The log itself is memory: the envelopes publish() built, handed to consumers as they are (no JSON round
// trip: what a Kafka consumer parses from the broker, these already are), and publishRaw()'s text. What makes an accepted event durable is `acknowledge: 'applied'` (the embedded
// mode): publish() resolves only once every group reading the topic has applied it — for the aggregator, once
// the transaction holding it committed — so a 202 is never given for an event a crash could lose, and the
// events that arrive while one batch applies form the next batch (group commit). `maxUnapplied` bounds the
// backlog: past it a write is refused at once (503 with Retry-After) instead of queueing without limit.
import type { Envelope, TopicDefinition } from '@bodymetrics/contracts';
import { applyBatch } from './apply';
import { buildEnvelope, contractOf, decodeEnvelope } from './envelope';
import { BusUnavailableError } from './types';
import type { Bus, ConsumeOptions, Consumer, DeadLetter, PublishOptions } from './types';

export interface InProcessBusOptions {
  /** Most events handed to a handler at once (default 500). */
  maxBatch?: number;
  /**
   * Partitions per topic (default 1: the embedded mode runs one consumer per group, and one partition gives it
   * the largest batches). More let several consumers of one group share a topic.
   */
  partitions?: number;
  /** How long close() waits for the running consumers to apply what was published (ms, default 10,000). */
  drainTimeoutMs?: number;
  /** Dead letters kept per topic, newest (default 10,000): memory stays bounded under a flood of poison. */
  maxDeadLetters?: number;
  /**
   * When publish() resolves: once the event is in the log (`appended`, the default), or once every consumer
   * group reading its topic has applied it (`applied`: a durable consumer makes the write durable, as a broker's
   * acks=all does). With no group reading the topic yet, `applied` resolves at once: nothing would apply it.
   */
  acknowledge?: 'appended' | 'applied';
  /** Events published but not yet applied by every group, over all topics, past which writes are refused. */
  maxUnapplied?: number;
  log?: (m: string, e?: unknown) => void;
  /** Told of every dead letter (metrics). */
  onDeadLetter?: (letter: DeadLetter) => void;
  /** Parse checked payloads again before publishing (envelope.ts); off by default, as on Kafka. */
  recheck?: boolean;
}

/** A write waiting for its acknowledgement (`acknowledge: 'applied'`). */
interface Waiting {
  offset: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * One message of the log: what publish() built and checked, kept as the envelope itself (its contract: the
 * one it was checked against, envelope.ts contractHeader), or what publishRaw() wrote, kept as its text.
 * Consumers of the same contract get the envelope as it is, without a JSON round trip (a consumer must not
 * change what it is handed: every group is handed the same object).
 */
type Message =
  { key: string; envelope: Envelope<unknown>; contract: string } | { key: string; value: string };

interface Partition {
  messages: Message[];
  /** The offset of messages[0]: what every group acknowledged is dropped from memory. */
  base: number;
  /** Writes waiting for every group to apply them, in offset order. */
  waiting: Waiting[];
}

interface Member {
  topics: TopicDefinition[];
  running: boolean;
}

interface Group {
  /** In the order they joined: partition p of a topic goes to the p-th (modulo) member subscribed to it. */
  members: Member[];
  /** Topic name → the next offset to hand out, per partition (everything before it is acknowledged). */
  committed: Map<string, number[]>;
  /** `topic#partition` a member is handling a batch of: nobody else takes it before that batch is settled. */
  busy: Set<string>;
}

/** FNV-1a: a stable spread of keys over partitions. */
function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % partitions;
}

export class InProcessBus implements Bus {
  private readonly logs = new Map<string, Partition[]>();
  private readonly groups = new Map<string, Group>();
  private readonly deadLetters = new Map<string, DeadLetter[]>();
  private readonly waiters = new Set<() => void>();
  private readonly loops = new Set<Promise<void>>();
  private closed = false;
  private closing: Promise<void> | undefined;
  /** Events some group has not acknowledged yet, over every partition (what maxUnapplied bounds). */
  private retained = 0;

  constructor(private readonly options: InProcessBusOptions = {}) {}

  ensureTopics(defs: TopicDefinition[]): Promise<void> {
    const count = Math.max(1, this.options.partitions ?? 1);
    for (const d of defs) {
      if (this.logs.has(d.name)) continue;
      this.logs.set(
        d.name,
        Array.from({ length: count }, (): Partition => ({ messages: [], base: 0, waiting: [] })),
      );
    }
    return Promise.resolve();
  }

  async publish<P>(topic: TopicDefinition, payload: P, options: PublishOptions = {}): Promise<Envelope<P>> {
    const envelope = buildEnvelope(topic, payload, new Date(), options.id, {
      recheck: this.options.recheck ?? false,
    });
    // Frozen: every group is handed this one object, so none may change what another reads.
    Object.freeze(envelope.payload);
    const { partition, offset } = this.append(topic, {
      key: topic.key(payload),
      envelope: Object.freeze(envelope),
      contract: contractOf(topic),
    });
    if (this.options.acknowledge === 'applied' && this.readers(topic.name) > 0)
      await new Promise<void>((resolve, reject) => partition.waiting.push({ offset, resolve, reject }));
    return envelope;
  }

  // async: a refused write is a rejected promise, as with Kafka, never a throw at the call.
  async publishRaw(topic: TopicDefinition, key: string, value: string): Promise<void> {
    this.append(topic, { key, value });
  }

  private append(topic: TopicDefinition, message: Message): { partition: Partition; offset: number } {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    const partitions = this.logs.get(topic.name);
    if (!partitions) throw new BusUnavailableError(`unknown topic ${topic.name}`);
    const max = this.options.maxUnapplied;
    if (max !== undefined && this.retained >= max)
      throw new BusUnavailableError(`${this.retained} events are waiting to be applied`, {
        retryAfterSeconds: 1,
      });
    const partition = partitions[partitionOf(message.key, partitions.length)] as Partition;
    partition.messages.push(message);
    this.retained++;
    this.wakeAll();
    return { partition, offset: partition.base + partition.messages.length - 1 };
  }

  /** How many groups read `topicName` (each must apply an event before it is acknowledged). */
  private readers(topicName: string): number {
    let n = 0;
    for (const group of this.groups.values()) if (group.committed.has(topicName)) n++;
    return n;
  }

  private wakeAll(): void {
    for (const wake of this.waiters) wake();
  }

  /** Resolves at the next publish, acknowledgement or change of membership (or after `ms`). */
  private changed(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake(), ms);
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
    });
  }

  private groupOf(groupId: string, topics: TopicDefinition[]): Group {
    let group = this.groups.get(groupId);
    if (!group) {
      group = { members: [], committed: new Map(), busy: new Set() };
      this.groups.set(groupId, group);
    }
    for (const topic of topics) {
      // A new group starts at the oldest message still kept (Kafka: fromBeginning, within retention).
      if (!group.committed.has(topic.name))
        group.committed.set(
          topic.name,
          (this.logs.get(topic.name) ?? []).map((p) => p.base),
        );
    }
    return group;
  }

  /** The partitions of `topic` this member owns now: the p-th partition goes to the (p mod n)-th subscriber. */
  private owns(group: Group, member: Member, topic: TopicDefinition, partition: number): boolean {
    const subscribers = group.members.filter((m) => m.topics.some((t) => t.name === topic.name));
    return subscribers[partition % subscribers.length] === member;
  }

  consume(options: ConsumeOptions): Promise<Consumer> {
    if (this.closed) return Promise.reject(new BusUnavailableError('bus is closed'));
    const group = this.groupOf(options.groupId, options.topics);
    const member: Member = { topics: options.topics, running: true };
    group.members.push(member);
    this.wakeAll();
    // `partitionsConsumedConcurrently` loops share the member: a partition busy in one is skipped by the others,
    // so each partition's batches stay in order while batches of different partitions are applied side by side.
    const loops = Math.max(1, options.partitionsConsumedConcurrently ?? 1);
    const loop = Promise.all(Array.from({ length: loops }, () => this.run(group, member, options)))
      .then(
        () => undefined,
        (err: unknown) => this.options.log?.('consumer stopped', err),
      )
      .finally(() => {
        group.members = group.members.filter((m) => m !== member);
        this.loops.delete(loop);
        this.wakeAll(); // its partitions go to the others
      });
    this.loops.add(loop);
    return Promise.resolve({
      stop: async () => {
        member.running = false;
        this.wakeAll();
        await loop;
      },
    });
  }

  private async run(group: Group, member: Member, options: ConsumeOptions): Promise<void> {
    const maxBatch = this.options.maxBatch ?? 500;
    while (member.running) {
      let worked = false;
      for (const topic of options.topics) {
        const partitions = this.logs.get(topic.name) ?? [];
        for (let p = 0; p < partitions.length && member.running; p++) {
          const partition = partitions[p];
          const committed = group.committed.get(topic.name);
          const slot = `${topic.name}#${p}`;
          if (!partition || !committed || group.busy.has(slot) || !this.owns(group, member, topic, p))
            continue;
          const offset = Math.max(committed[p] ?? 0, partition.base);
          const pending = partition.base + partition.messages.length - offset;
          if (pending <= 0) continue;
          const slice = partition.messages.slice(offset - partition.base, offset - partition.base + maxBatch);
          group.busy.add(slot);
          const events = this.decode(topic, slice);
          try {
            if (events.length) {
              await applyBatch({ topic, events }, options, {
                isRunning: () => member.running,
                heartbeat: () => Promise.resolve(),
                log: this.options.log,
                deadLetter: (event, reason) => {
                  this.addDeadLetter(topic, { reason, value: JSON.stringify(event) });
                  return Promise.resolve();
                },
              });
            }
            committed[p] = offset + slice.length;
          } catch {
            return; // stopping: the batch stays unacknowledged, for the group's next consumer
          } finally {
            group.busy.delete(slot);
            this.trim(topic.name, p);
            this.wakeAll();
          }
          worked = true;
          try {
            options.onBatchApplied?.({ topic, events });
          } catch (err) {
            this.options.log?.('onBatchApplied failed', err);
          }
        }
      }
      if (!worked && member.running) await this.changed(1000);
    }
  }

  private decode(topic: TopicDefinition, slice: Message[]): Envelope<unknown>[] {
    const events: Envelope<unknown>[] = [];
    for (const m of slice) {
      if ('envelope' in m && m.contract === contractOf(topic)) {
        events.push(m.envelope);
        continue;
      }
      const value = 'envelope' in m ? JSON.stringify(m.envelope) : m.value;
      const decoded = decodeEnvelope(topic, value, 'envelope' in m ? m.contract : undefined);
      if (decoded.ok) events.push(decoded.envelope);
      else this.addDeadLetter(topic, { reason: decoded.reason, value });
    }
    return events;
  }

  /** Drops what every group that reads the topic acknowledged (no group yet: everything stays). */
  private trim(topicName: string, p: number): void {
    const partition = this.logs.get(topicName)?.[p];
    if (!partition) return;
    let low = Infinity;
    for (const group of this.groups.values()) {
      const committed = group.committed.get(topicName);
      if (committed) low = Math.min(low, committed[p] ?? 0);
    }
    if (low === Infinity || low <= partition.base) return;
    partition.messages.splice(0, low - partition.base);
    this.retained -= low - partition.base;
    partition.base = low;
    // Every group applied these: their writers get their acknowledgement.
    let settled = 0;
    while (settled < partition.waiting.length && (partition.waiting[settled] as Waiting).offset < low)
      (partition.waiting[settled++] as Waiting).resolve();
    if (settled) partition.waiting.splice(0, settled);
  }

  private addDeadLetter(topic: TopicDefinition, letter: { reason: string; value: string }): void {
    const full: DeadLetter = { topic: topic.name, ...letter, failedAt: new Date().toISOString() };
    const list = this.deadLetters.get(topic.name) ?? [];
    list.push(full);
    if (list.length > (this.options.maxDeadLetters ?? 10_000)) list.shift();
    this.deadLetters.set(topic.name, list);
    this.options.onDeadLetter?.(full);
    this.wakeAll();
  }

  async readDeadLetters(
    topic: TopicDefinition,
    { expect, timeoutMs = 10_000 }: { expect: number; timeoutMs?: number },
  ): Promise<DeadLetter[]> {
    const deadline = Date.now() + timeoutMs;
    while ((this.deadLetters.get(topic.name)?.length ?? 0) < expect && Date.now() < deadline)
      await this.changed(Math.max(1, deadline - Date.now()));
    return [...(this.deadLetters.get(topic.name) ?? [])];
  }

  /** Messages a group has not acknowledged yet, per partition (the aggregator's metrics and backpressure). */
  consumerLag(
    groupId: string,
    topics: TopicDefinition[],
  ): Promise<{ topic: string; partition: number; lag: number }[]> {
    const group = this.groups.get(groupId);
    return Promise.resolve(
      topics.flatMap((topic) =>
        (this.logs.get(topic.name) ?? []).map((partition, p) => {
          const at = group?.committed.get(topic.name)?.[p] ?? partition.base;
          return {
            topic: topic.name,
            partition: p,
            lag: partition.base + partition.messages.length - Math.max(at, partition.base),
          };
        }),
      ),
    );
  }

  /** Whether every group with a running consumer has acknowledged everything on its topics. */
  private drained(): boolean {
    for (const group of this.groups.values()) {
      if (!group.members.some((m) => m.running)) continue;
      for (const [topicName, committed] of group.committed) {
        const partitions = this.logs.get(topicName) ?? [];
        for (const [p, partition] of partitions.entries()) {
          if ((committed[p] ?? 0) < partition.base + partition.messages.length) return false;
        }
      }
    }
    return true;
  }

  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.drained()) {
      if (Date.now() >= deadline) return false;
      await this.changed(Math.max(1, deadline - Date.now()));
    }
    return true;
  }

  /**
   * Refuses writes, then — the log being memory — waits (up to drainTimeoutMs) for the running consumers to
   * apply everything published, then stops them once their batch in hand is settled.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      const drainTimeoutMs = this.options.drainTimeoutMs ?? 10_000;
      if (!(await this.drain(drainTimeoutMs))) {
        this.options.log?.(`closing with events not applied after ${drainTimeoutMs} ms`);
        // Never a 202 for an event that was not applied: its writer hears the bus was unavailable.
        for (const partitions of this.logs.values())
          for (const partition of partitions)
            for (const waiting of partition.waiting.splice(0))
              waiting.reject(new BusUnavailableError('bus closed before the event was applied'));
      }
      for (const group of this.groups.values()) for (const member of group.members) member.running = false;
      this.wakeAll();
      await Promise.all(this.loops);
    })();
    return this.closing;
  }
}
