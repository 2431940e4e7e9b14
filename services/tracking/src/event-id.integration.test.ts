// A tracking call's eventId against a real Kafka broker: every route with a body takes an
// optional eventId, answers with it as the event's id and publishes it as the envelope's id — never inside
// the payload as well; a call without one gets a server-made UUIDv7; a malformed one is a 400 naming
// `eventId`, with nothing published.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { topics, type TopicDefinition } from '@bodymetrics/contracts';
import { readTopic, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { insertOffers } from './test-support';

const visitorId = 'v-event-id';
const bodies: { url: string; body: Record<string, unknown>; topic: TopicDefinition; beacon?: boolean }[] = [
  {
    url: '/api/analytics/page-visit',
    body: {
      visitorId,
      sessionId: 's-1',
      pageUrl: '/',
      deviceType: 'desktop',
      browserName: 'Chrome',
      operatingSystem: 'Linux',
      screenResolution: '1920x1080',
      language: 'ro-RO',
      timeZone: 'Europe/Bucharest',
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
    },
    topic: topics.pageVisit,
  },
  {
    url: '/api/analytics/page-visit',
    body: { visitorId, sessionId: 's-1', pageUrl: '/', action: 'page_leave' },
    topic: topics.pageVisit,
    beacon: true,
  },
  {
    url: '/api/analytics/session-duration',
    body: { visitorId, sessionDuration: 12, pageUrl: '/' },
    topic: topics.sessionDuration,
    beacon: true,
  },
  {
    url: '/api/journey/track',
    body: { visitorId, sessionId: 's-1', step: 'landing' },
    topic: topics.journey,
  },
  {
    url: '/api/session/store',
    body: { visitorId, age: 30, timestamp: 1763700000000 },
    topic: topics.formSnapshot,
    beacon: true,
  },
  {
    url: '/api/analytics/affiliate-click',
    body: { offerId: 3, offerTitle: 't', offerUrl: 'https://partner.example.com/', visitorId },
    topic: topics.affiliateClick,
  },
  {
    url: '/api/affiliate-offers/click',
    body: { offerId: 3, visitorId },
    topic: topics.affiliateClick,
  },
];

let database: TestDatabase;
let testBus: TestBus;
let app: ReturnType<typeof buildApp>;

it.beforeAll(async ({ database: fileDatabase, bus }) => {
  database = fileDatabase;
  await insertOffers(database.db, [{ id: 3 }]);
  testBus = bus;
  app = buildApp({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  return () => app.close();
});

const post = (url: string, body: unknown, beacon = false) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': beacon ? 'text/plain;charset=UTF-8' : 'application/json' },
    payload: JSON.stringify(body),
  });

describe("a tracking call's eventId", () => {
  /** What each accepted call answered as its event's id, by topic. */
  const answered = new Map<TopicDefinition, string[]>();
  const expectOn = (topic: TopicDefinition, id: string) =>
    answered.set(topic, [...(answered.get(topic) ?? []), id]);

  it.each(bodies)(
    '$url ($topic.type) answers the eventId as the event id',
    async ({ url, body, topic, beacon }) => {
      const eventId = randomUUID();
      const response = await post(url, { ...body, eventId }, beacon);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json<{ id: string }>().id).toBe(eventId);
      expectOn(topic, eventId);
    },
  );

  it('is written in lowercase, as Postgres reads a uuid back', async () => {
    const eventId = randomUUID().toUpperCase();
    const response = await post('/api/journey/track', {
      visitorId,
      sessionId: 's-1',
      step: 'landing',
      eventId,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json<{ id: string }>().id).toBe(eventId.toLowerCase());
    expectOn(topics.journey, eventId.toLowerCase());
  });

  it('is made by the server (a UUIDv7) when the call has none', async () => {
    const response = await post('/api/journey/track', { visitorId, sessionId: 's-1', step: 'landing' });
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expectOn(topics.journey, id);
  });

  it.each(
    bodies.flatMap(({ url, body, beacon }) =>
      ['not-a-uuid', '', 42, '00000000-0000-0000-0000-000000000000', `${randomUUID()}x`].map((eventId) => ({
        url,
        body: { ...body, eventId },
        beacon,
        shown: JSON.stringify(eventId),
      })),
    ),
  )('$url with eventId $shown → 400 naming eventId', async ({ url, body, beacon }) => {
    const response = await post(url, body, beacon);
    expect(response.statusCode).toBe(400);
    const error = response.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(/^eventId: /);
  });

  it('travels as the envelope id only: each topic holds exactly the answered ids, no payload names it', async () => {
    for (const [topic, ids] of answered) {
      // A little past the expected count, so a message from a refused call would show up.
      const messages = await readTopic(testBus.topicPrefix, topic, {
        expect: ids.length + 1,
        timeoutMs: 2500,
      });
      expect(messages.map((m) => m.id).sort()).toEqual([...ids].sort());
      for (const m of messages) expect(m.payload).not.toHaveProperty('eventId');
    }
  });
});
