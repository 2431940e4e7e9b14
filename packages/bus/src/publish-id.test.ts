// The bus contract's `publish(topic, payload, { id })`, in the embedded adapter (the Kafka adapter is covered
// against a real broker by services/tracking/src/event-id.integration.test.ts): the envelope's id is the
// caller's id, in lowercase; without one, a fresh UUIDv7.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { topics, type Envelope } from '@bodymetrics/contracts';
import { buildEnvelope } from './envelope';
import { InProcessBus } from './in-process-bus';

const step = {
  visitorId: 'v',
  sessionId: 's',
  step: 'landing' as const,
  ipAddress: null,
  requestUserAgent: null,
};

describe('publish with an id', () => {
  it('makes the given id the envelope id, lowercase, in what is published and in what is consumed', async () => {
    const bus = new InProcessBus();
    await bus.ensureTopics([topics.journey]);
    const id = randomUUID().toUpperCase();
    const published = await bus.publish(topics.journey, step, { id });
    const plain = await bus.publish(topics.journey, step);
    expect(published.id).toBe(id.toLowerCase());
    expect(plain.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const consumed: Envelope<unknown>[] = [];
    const consumer = await bus.consume({
      groupId: 'g',
      topics: [topics.journey],
      handler: (batch) => {
        consumed.push(...batch.events);
        return Promise.resolve();
      },
    });
    for (let i = 0; i < 100 && consumed.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await consumer.stop();
    await bus.close();
    expect(consumed.map((e) => e.id)).toEqual([id.toLowerCase(), plain.id]);
    expect(consumed[0]?.payload).toEqual(step);
  });

  it('refuses an id that is not a UUID, like any invalid envelope', () => {
    expect(() => buildEnvelope(topics.journey, step, new Date(), 'not-a-uuid')).toThrow(
      /refusing to publish/,
    );
  });
});
