// The bus contract (types.ts) as tests, written once and run against both adapters: in-process-bus.test.ts
// and kafka-bus.integration.test.ts. Every case gets a bus of its own (its own topics and groups) from
// `make`, and closes it. Waits are "until it happened", bounded, so the same case fits a broker's latency.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { checkedPayload, topics, type Envelope } from '@bodymetrics/contracts';
import { BusUnavailableError, type Bus, type ConsumeOptions, type Consumer } from './types';

/** A bus of its own for one case, with topics that carry several partitions (consumers of a group share them). */
export type MakeBus = () => Promise<Bus>;

interface Step {
  visitorId: string;
  sessionId: string;
  step: 'landing';
  ipAddress: null;
  requestUserAgent: null;
}

/** A journey event whose sessionId carries its number, so a consumer can tell the order it was published in. */
const step = (visitorId: string, n: number): Step => ({
  visitorId,
  sessionId: `s-${n}`,
  step: 'landing',
  ipAddress: null,
  requestUserAgent: null,
});

const numberOf = (e: Envelope<unknown>) => Number((e.payload as Step).sessionId.slice(2));
const visitorOf = (e: Envelope<unknown>) => (e.payload as Step).visitorId;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

/** Fails like a database that is away: the bus keeps the batch and tries again. */
class DatabaseAway extends Error {}

export function busContractCases(make: MakeBus): void {
  const opened: Bus[] = [];
  const consumers: Consumer[] = [];

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.stop().catch(() => undefined)));
    await Promise.all(opened.splice(0).map((b) => b.close().catch(() => undefined)));
  });

  const busWithJourney = async () => {
    const bus = await make();
    opened.push(bus);
    await bus.ensureTopics([topics.journey]);
    return bus;
  };

  const consume = async (bus: Bus, options: Omit<ConsumeOptions, 'topics'>) => {
    const consumer = await bus.consume({ topics: [topics.journey], ...options });
    consumers.push(consumer);
    return consumer;
  };

  it("hands each key's events over in the order they were published, a failed batch retried in place", async () => {
    const bus = await busWithJourney();
    const visitors = ['v-a', 'v-b', 'v-c', 'v-d', 'v-e', 'v-f'];
    const perVisitor = 10;
    await Promise.all(
      Array.from({ length: perVisitor }, (_, n) =>
        visitors.map((v) => bus.publish(topics.journey, step(v, n))),
      ).flat(),
    );
    const seen = new Map<string, number[]>(visitors.map((v) => [v, []]));
    let failedOnce = false;
    await consume(bus, {
      groupId: 'ordering',
      isRetryable: (err) => err instanceof DatabaseAway,
      handler: (batch) => {
        if (!failedOnce) {
          failedOnce = true;
          return Promise.reject(new DatabaseAway('the first batch finds the database away'));
        }
        for (const e of batch.events) seen.get(visitorOf(e))?.push(numberOf(e));
        return Promise.resolve();
      },
    });
    const total = () => [...seen.values()].reduce((n, list) => n + list.length, 0);
    await until(() => total() >= visitors.length * perVisitor, 'every event was handled');
    expect(failedOnce).toBe(true);
    for (const v of visitors) expect(seen.get(v)).toEqual([...Array(perVisitor).keys()]);
  });

  it('applies batches of up to partitionsConsumedConcurrently partitions side by side, each partition in order', async () => {
    const bus = await busWithJourney();
    // Sixty visitors: their keys spread over every partition.
    const visitors = Array.from({ length: 60 }, (_, n) => `parallel-${n}`);
    const perVisitor = 5;
    for (let n = 0; n < perVisitor; n++)
      await Promise.all(visitors.map((v) => bus.publish(topics.journey, step(v, n))));
    const seen = new Map<string, number[]>(visitors.map((v) => [v, []]));
    let inHandler = 0;
    let mostAtOnce = 0;
    await consume(bus, {
      groupId: 'concurrent',
      partitionsConsumedConcurrently: 2,
      handler: async (batch) => {
        inHandler += 1;
        mostAtOnce = Math.max(mostAtOnce, inHandler);
        // Held until a second batch joins (or a while passed), so two in flight show when the bus allows it.
        const deadline = Date.now() + 2000;
        while (inHandler < 2 && mostAtOnce < 2 && Date.now() < deadline) await sleep(5);
        for (const e of batch.events) seen.get(visitorOf(e))?.push(numberOf(e));
        inHandler -= 1;
      },
    });
    const total = () => [...seen.values()].reduce((n, list) => n + list.length, 0);
    await until(() => total() >= visitors.length * perVisitor, 'every event was handled');
    expect(mostAtOnce).toBe(2);
    for (const v of visitors) expect(seen.get(v)).toEqual([...Array(perVisitor).keys()]);
  });

  it('gives a batch its consumer did not acknowledge (handler failing when it stopped) to the next consumer of the group', async () => {
    const bus = await busWithJourney();
    const first = await Promise.all(
      [0, 1, 2, 3, 4].map((n) => bus.publish(topics.journey, step(`early-${n}`, n))),
    );
    const firstIds = new Set(first.map((e) => e.id));
    let acknowledged = 0;
    let failing = 0;
    const crashing = await consume(bus, {
      groupId: 'redelivery',
      isRetryable: (err) => err instanceof DatabaseAway,
      handler: (batch) => {
        if (batch.events.some((e) => !firstIds.has(e.id))) {
          failing += 1;
          return Promise.reject(new DatabaseAway('the process is going down'));
        }
        return Promise.resolve();
      },
      onBatchApplied: (batch) => {
        acknowledged += batch.events.length;
      },
    });
    await until(() => acknowledged === first.length, 'the first wave was acknowledged');
    const second = await Promise.all(
      [0, 1, 2, 3, 4].map((n) => bus.publish(topics.journey, step(`late-${n}`, n))),
    );
    await until(() => failing > 0, 'the second wave reached the failing handler');
    await crashing.stop();

    const next: Envelope<unknown>[] = [];
    await consume(bus, {
      groupId: 'redelivery',
      handler: (batch) => {
        next.push(...batch.events);
        return Promise.resolve();
      },
    });
    await until(
      () => new Set(next.map((e) => e.id)).size >= second.length,
      'the next consumer got the second wave',
    );
    expect(new Set(next.map((e) => e.id))).toEqual(new Set(second.map((e) => e.id)));
  });

  it("gives every group every event, and shares one group's events between its consumers", async () => {
    const bus = await busWithJourney();
    const received = { aggregatorA: [] as string[], aggregatorB: [] as string[], reports: [] as string[] };
    const into = (list: string[]) => (batch: { events: Envelope<unknown>[] }) => {
      list.push(...batch.events.map((e) => e.id));
      return Promise.resolve();
    };
    await consume(bus, { groupId: 'aggregator', handler: into(received.aggregatorA) });
    await consume(bus, { groupId: 'aggregator', handler: into(received.aggregatorB) });
    await consume(bus, { groupId: 'reports', handler: into(received.reports) });
    // Sixty visitors: their keys spread over every partition.
    const published = await Promise.all(
      Array.from({ length: 60 }, (_, n) => bus.publish(topics.journey, step(`visitor-${n}`, n))),
    );
    const all = new Set(published.map((e) => e.id));
    await until(
      () =>
        new Set([...received.aggregatorA, ...received.aggregatorB]).size === all.size &&
        new Set(received.reports).size === all.size,
      'both groups got every event',
    );
    expect(new Set(received.reports)).toEqual(all);
    expect(new Set([...received.aggregatorA, ...received.aggregatorB])).toEqual(all);
    expect(received.aggregatorA.length).toBeGreaterThan(0);
    expect(received.aggregatorB.length).toBeGreaterThan(0);
    // A stable group (nobody joined or left after the events came) hands each event to one consumer only.
    expect(received.aggregatorA.filter((id) => received.aggregatorB.includes(id))).toEqual([]);
  });

  it('dead-letters a poison message and an event its handler refuses, each with the reason, and goes on', async () => {
    const bus = await busWithJourney();
    await bus.publishRaw(topics.journey, 'poison', '{"this is": "not an envelope"');
    const refused = await bus.publish(topics.journey, step('refused', 0));
    const after = await Promise.all([1, 2, 3].map((n) => bus.publish(topics.journey, step(`after-${n}`, n))));
    const applied = new Set<string>();
    await consume(bus, {
      groupId: 'dead-letters',
      handler: (batch) => {
        if (batch.events.some((e) => visitorOf(e) === 'refused'))
          return Promise.reject(new Error('the applier refuses this visitor'));
        for (const e of batch.events) applied.add(e.id);
        return Promise.resolve();
      },
    });
    await until(() => after.every((e) => applied.has(e.id)), 'the events after the bad ones were applied');
    expect(applied.has(refused.id)).toBe(false);

    const letters = await bus.readDeadLetters(topics.journey, { expect: 2 });
    expect(letters).toHaveLength(2);
    const poison = letters.find((l) => l.reason === 'not JSON');
    expect(poison).toMatchObject({ topic: topics.journey.name, value: '{"this is": "not an envelope"' });
    const refusal = letters.find((l) => l.reason === 'the applier refuses this visitor');
    expect(refusal?.topic).toBe(topics.journey.name);
    expect((JSON.parse(refusal?.value ?? '{}') as { id?: string }).id).toBe(refused.id);
    expect(Number.isNaN(Date.parse(refusal?.failedAt ?? ''))).toBe(false);
  });

  it("checks a message again unless it carries its topic's contract: a published envelope does, a raw write does not", async () => {
    const bus = await busWithJourney();
    // 129 characters, one over the schema's bound: a checked payload is the caller's promise, so the bus
    // publishes it as it is, under the contract; the same JSON written raw names no contract and is refused.
    const tooLong = 'x'.repeat(129);
    const published = await bus.publish(topics.journey, checkedPayload(topics.journey, step(tooLong, 0)));
    const raw = { ...published, id: randomUUID() };
    await bus.publishRaw(topics.journey, tooLong, JSON.stringify(raw));
    const applied: string[] = [];
    await consume(bus, {
      groupId: 'contracts',
      handler: (batch) => {
        applied.push(...batch.events.map((e) => e.id));
        return Promise.resolve();
      },
    });
    const letters = await bus.readDeadLetters(topics.journey, { expect: 1 });
    expect(letters).toHaveLength(1);
    expect(letters[0]?.reason).toMatch(/visitorId/);
    expect((JSON.parse(letters[0]?.value ?? '{}') as { id?: string }).id).toBe(raw.id);
    await until(() => applied.includes(published.id), 'the published envelope was applied');
    expect(applied).not.toContain(raw.id);
  });

  it('drain() resolves true once every published event was applied by the running groups, false while a handler keeps failing', async () => {
    const bus = await busWithJourney();
    const applied = new Set<string>();
    await consume(bus, {
      groupId: 'draining',
      handler: async (batch) => {
        await sleep(5);
        for (const e of batch.events) applied.add(e.id);
      },
    });
    const published = await Promise.all(
      Array.from({ length: 30 }, (_, n) => bus.publish(topics.journey, step(`drain-${n % 7}`, n))),
    );
    expect(await bus.drain(30_000)).toBe(true);
    // No waiting here: drained means applied.
    expect(published.filter((e) => !applied.has(e.id))).toEqual([]);

    const stuck = await consume(bus, {
      groupId: 'stuck',
      isRetryable: () => true,
      handler: () => Promise.reject(new DatabaseAway('the database stays away')),
    });
    // Published after the group joined: the in-process bus keeps only what some group has not acknowledged.
    await bus.publish(topics.journey, step('drain-late', 30));
    expect(await bus.drain(1500)).toBe(false);
    await stuck.stop();
  });

  it('close() lets the batch in hand finish, then no handler runs; writes after it fail with BusUnavailableError', async () => {
    const bus = await busWithJourney();
    const timeline: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await consume(bus, {
      groupId: 'closing',
      handler: async () => {
        timeline.push('handler started');
        await gate;
        timeline.push('handler finished');
      },
    });
    await bus.publish(topics.journey, step('closing', 1));
    await until(() => timeline.includes('handler started'), 'the handler has the batch');

    const closed = bus.close().then(() => timeline.push('closed'));
    await sleep(300);
    expect(timeline).not.toContain('closed');
    release();
    await closed;
    expect(timeline.slice(-2)).toEqual(['handler finished', 'closed']);
    await sleep(300);
    expect(timeline.at(-1)).toBe('closed');

    await expect(bus.publish(topics.journey, step('too-late', 2))).rejects.toBeInstanceOf(
      BusUnavailableError,
    );
    await expect(bus.publishRaw(topics.journey, 'too-late', '{}')).rejects.toBeInstanceOf(
      BusUnavailableError,
    );
  });

  it('carries an event published twice with one id under that id each time, so an applier keyed by id applies it once', async () => {
    const bus = await busWithJourney();
    const id = randomUUID().toUpperCase();
    const once = await bus.publish(topics.journey, step('retrying-client', 1), { id });
    const again = await bus.publish(topics.journey, step('retrying-client', 1), { id });
    const marker = await bus.publish(topics.journey, step('retrying-client', 2));
    expect(once.id).toBe(id.toLowerCase());
    expect(again.id).toBe(id.toLowerCase());

    const delivered: string[] = [];
    const rows = new Map<string, number>(); // what INSERT … ON CONFLICT (event_id) DO NOTHING keeps
    await consume(bus, {
      groupId: 'idempotent',
      handler: (batch) => {
        for (const e of batch.events) {
          delivered.push(e.id);
          if (!rows.has(e.id)) rows.set(e.id, numberOf(e));
        }
        return Promise.resolve();
      },
    });
    await until(() => delivered.includes(marker.id), 'the marker after both copies arrived');
    expect(delivered.filter((d) => d === id.toLowerCase())).toHaveLength(2);
    expect([...rows.keys()]).toEqual([id.toLowerCase(), marker.id]);
  });
}
