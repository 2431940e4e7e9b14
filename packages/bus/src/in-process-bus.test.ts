// The embedded mode's bus against the bus contract (bus.cases.ts), plus what only it has to do: its log is
// memory, so close() hands everything published to the running consumers before it stops them.
import { describe, expect, it } from 'vitest';
import { topics, type Envelope } from '@bodymetrics/contracts';
import { busContractCases } from './bus.cases';
import { InProcessBus } from './in-process-bus';
import { BusUnavailableError } from './types';

describe('in-process bus: the bus contract', () => {
  busContractCases(() => Promise.resolve(new InProcessBus({ partitions: 3 })));
});

describe('in-process bus: its own', () => {
  const step = (n: number) => ({
    visitorId: `visitor-${n % 5}`,
    sessionId: `s-${n}`,
    step: 'landing' as const,
    ipAddress: null,
    requestUserAgent: null,
  });

  it('close() drains: every event published before it is applied by the running consumer first', async () => {
    const bus = new InProcessBus();
    await bus.ensureTopics([topics.journey]);
    const applied: Envelope<unknown>[] = [];
    await bus.consume({
      groupId: 'aggregator',
      topics: [topics.journey],
      handler: async (batch) => {
        await new Promise((r) => setTimeout(r, 2));
        applied.push(...batch.events);
      },
    });
    const published = await Promise.all(
      Array.from({ length: 2000 }, (_, n) => bus.publish(topics.journey, step(n))),
    );
    await bus.close();
    expect(applied.map((e) => e.id)).toEqual(published.map((e) => e.id));
  });

  it('keeps only what some group has not acknowledged yet (memory stays bounded by the lag)', async () => {
    const bus = new InProcessBus({ maxBatch: 10 });
    await bus.ensureTopics([topics.journey]);
    await Promise.all(Array.from({ length: 100 }, (_, n) => bus.publish(topics.journey, step(n))));
    expect(await bus.consumerLag('aggregator', [topics.journey])).toEqual([
      { topic: topics.journey.name, partition: 0, lag: 100 },
    ]);
    const consumer = await bus.consume({
      groupId: 'aggregator',
      topics: [topics.journey],
      handler: () => Promise.resolve(),
    });
    expect(await bus.drain(5000)).toBe(true);
    expect(await bus.consumerLag('aggregator', [topics.journey])).toEqual([
      { topic: topics.journey.name, partition: 0, lag: 0 },
    ]);
    await consumer.stop();
    await bus.close();
  });
});

// The embedded mode's durability and bounds: a write is acknowledged once it was applied, the
// writes that arrive while a batch applies form the next batch, and a backlog past the bound is refused.
describe("in-process bus: acknowledge 'applied'", () => {
  const step = (n: number) => ({
    visitorId: `visitor-${n}`,
    sessionId: `s-${n}`,
    step: 'landing' as const,
    ipAddress: null,
    requestUserAgent: null,
  });
  /** A handler that holds every batch until `release()`, recording the batches' sizes. */
  const gatedHandler = () => {
    const sizes: number[] = [];
    let open: () => void = () => undefined;
    let gate = new Promise<void>((r) => (open = r));
    return {
      sizes,
      release: () => open(),
      hold: () => (gate = new Promise<void>((r) => (open = r))),
      handler: async (batch: { events: unknown[] }) => {
        await gate;
        sizes.push(batch.events.length);
      },
    };
  };

  it('resolves a publish only once the consumer group applied the event', async () => {
    const bus = new InProcessBus({ acknowledge: 'applied' });
    await bus.ensureTopics([topics.journey]);
    const gated = gatedHandler();
    await bus.consume({ groupId: 'aggregator', topics: [topics.journey], handler: gated.handler });
    let acknowledged = false;
    const publishing = bus.publish(topics.journey, step(1)).then(() => (acknowledged = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(acknowledged).toBe(false);
    gated.release();
    await publishing;
    expect(gated.sizes).toEqual([1]);
    await bus.close();
  });

  it('acknowledges at once when no group reads the topic (nothing would apply it)', async () => {
    const bus = new InProcessBus({ acknowledge: 'applied' });
    await bus.ensureTopics([topics.journey]);
    await expect(bus.publish(topics.journey, step(1))).resolves.toMatchObject({ type: 'journey' });
    await bus.close();
  });

  it('groups the writes that arrive while a batch applies into the next batch (group commit)', async () => {
    const bus = new InProcessBus({ acknowledge: 'applied' });
    await bus.ensureTopics([topics.journey]);
    const gated = gatedHandler();
    await bus.consume({ groupId: 'aggregator', topics: [topics.journey], handler: gated.handler });
    const first = bus.publish(topics.journey, step(0));
    await new Promise((r) => setTimeout(r, 20)); // the consumer has taken event 0 and waits at the gate
    const rest = Array.from({ length: 40 }, (_, n) => bus.publish(topics.journey, step(n + 1)));
    gated.release();
    await Promise.all([first, ...rest]);
    expect(gated.sizes).toEqual([1, 40]);
    await bus.close();
  });

  it('refuses writes past maxUnapplied with a Retry-After, and takes them again once applied', async () => {
    const bus = new InProcessBus({ acknowledge: 'applied', maxUnapplied: 10 });
    await bus.ensureTopics([topics.journey]);
    const gated = gatedHandler();
    await bus.consume({ groupId: 'aggregator', topics: [topics.journey], handler: gated.handler });
    const accepted = Array.from({ length: 10 }, (_, n) => bus.publish(topics.journey, step(n)));
    const refused = await bus.publish(topics.journey, step(10)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BusUnavailableError);
    expect((refused as BusUnavailableError).retryAfterSeconds).toBe(1);
    gated.release();
    await Promise.all(accepted);
    await expect(bus.publish(topics.journey, step(11))).resolves.toMatchObject({ type: 'journey' });
    await bus.close();
  });

  it('never acknowledges what was not applied: writes still waiting when close() gives up fail', async () => {
    const bus = new InProcessBus({ acknowledge: 'applied', drainTimeoutMs: 200 });
    await bus.ensureTopics([topics.journey]);
    await bus.consume({
      groupId: 'aggregator',
      topics: [topics.journey],
      handler: () => Promise.reject(new Error('database away')),
      isRetryable: () => true,
    });
    const waiting = bus.publish(topics.journey, step(1)).catch((err: unknown) => err);
    await bus.close();
    expect(await waiting).toBeInstanceOf(BusUnavailableError);
  });

  it('hands each group the envelope publish() built, frozen: no group can change what another reads', async () => {
    const bus = new InProcessBus();
    await bus.ensureTopics([topics.journey]);
    const handed = new Map<string, Envelope<unknown>>();
    const refusals: unknown[] = [];
    for (const groupId of ['aggregator', 'live']) {
      await bus.consume({
        groupId,
        topics: [topics.journey],
        handler: (batch) => {
          const [event] = batch.events;
          if (event) handed.set(groupId, event);
          try {
            (event?.payload as { visitorId: string }).visitorId = 'changed by ' + groupId;
          } catch (err) {
            refusals.push(err);
          }
          return Promise.resolve();
        },
      });
    }
    const published = await bus.publish(topics.journey, step(1));
    expect(await bus.drain(5000)).toBe(true);
    expect(handed.get('aggregator')).toBe(published);
    expect(handed.get('live')).toBe(published);
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toBeInstanceOf(TypeError);
    expect((published.payload as { visitorId: string }).visitorId).toBe('visitor-1');
    await bus.close();
  });
});
