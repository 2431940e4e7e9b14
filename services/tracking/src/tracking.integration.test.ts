// Contract tests of every tracking route against a real Kafka broker: valid → 202 and the message is on
// its topic; invalid → 400 naming the field and nothing on the topic; Kafka away → 503 within a second.
import { describe, expect } from 'vitest';
import { KafkaBus } from '@bodymetrics/bus';
import { topics, type TopicDefinition } from '@bodymetrics/contracts';
import { readTopic } from '@bodymetrics/testing';
import { test } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { insertOffers } from './test-support';

const visitorId = 'v-7f3a9c';
const pageVisit = {
  visitorId,
  sessionId: 's-1',
  pageUrl: 'https://bodymetrics.example/?utm_source=newsletter',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
  referrer: 'https://www.google.com/',
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Linux',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  trafficSource: { source: 'google', medium: 'organic', referrerDomain: 'www.google.com' },
};

interface Case {
  name: string;
  url: string;
  body?: unknown;
  contentType?: string;
  topic: TopicDefinition;
  expectPayload: Record<string, unknown>;
}

const valid: Case[] = [
  {
    name: 'page-visit',
    url: '/api/analytics/page-visit',
    body: pageVisit,
    topic: topics.pageVisit,
    expectPayload: { kind: 'visit', visitorId, isBot: false, ipAddress: '203.0.113.0' },
  },
  {
    name: 'page_leave beacon (text/plain)',
    url: '/api/analytics/page-visit',
    body: JSON.stringify({ visitorId, sessionId: 's-1', pageUrl: '/', action: 'page_leave' }),
    contentType: 'text/plain;charset=UTF-8',
    topic: topics.pageVisit,
    expectPayload: { kind: 'leave', visitorId, sessionId: 's-1' },
  },
  {
    name: 'session-duration beacon (text/plain)',
    url: '/api/analytics/session-duration',
    body: JSON.stringify({ visitorId, sessionDuration: 95, pageUrl: '/' }),
    contentType: 'text/plain',
    topic: topics.sessionDuration,
    expectPayload: { visitorId, sessionDuration: 95 },
  },
  {
    name: 'journey/track',
    url: '/api/journey/track',
    body: { visitorId, sessionId: 's-1', step: 'form_started', stepData: { age: 30 } },
    topic: topics.journey,
    expectPayload: { visitorId, step: 'form_started' },
  },
  {
    name: 'session/store',
    url: '/api/session/store',
    body: { visitorId, age: 30, weight: 180, timestamp: 1763700000000 },
    topic: topics.formSnapshot,
    expectPayload: { visitorId, age: 30, weight: 180 },
  },
  {
    name: 'analytics/affiliate-click',
    url: '/api/analytics/affiliate-click',
    body: {
      offerId: 3,
      offerTitle: 'Lean Shake',
      offerUrl: 'https://partner.example.com/?ref=bm',
      visitorId,
      ipAddress: null,
      userAgent: 'UA',
      referrer: '/',
      sessionId: 'tab-1',
    },
    topic: topics.affiliateClick,
    // The tab session travels on: a click engages its visit (docs/counting.md: Bounce Rate).
    expectPayload: {
      offerId: 3,
      offerTitle: 'Offer 3',
      offerUrl: 'https://partner.example.com/offer-3',
      source: 'results',
      visitorId,
      sessionId: 'tab-1',
      ipAddress: '203.0.113.0',
    },
  },
  {
    name: 'affiliate-offers/click (bridge)',
    url: '/api/affiliate-offers/click',
    body: { offerId: 4, visitorId, sessionId: 'tab-2' },
    topic: topics.affiliateClick,
    expectPayload: { offerId: 4, source: 'bridge', visitorId, sessionId: 'tab-2' },
  },
  {
    name: 'affiliate-offers/{id}/click',
    url: '/api/affiliate-offers/5/click',
    topic: topics.affiliateClick,
    expectPayload: { offerId: 5, source: 'api', visitorId: null },
  },
];

const invalid: { name: string; url: string; body: unknown; field: string; topic: TopicDefinition }[] = [
  {
    name: 'page-visit without visitorId',
    url: '/api/analytics/page-visit',
    body: { ...pageVisit, visitorId: undefined },
    field: 'visitorId',
    topic: topics.pageVisit,
  },
  {
    name: 'page-visit with a bad deviceType',
    url: '/api/analytics/page-visit',
    body: { ...pageVisit, deviceType: 'fridge' },
    field: 'deviceType',
    topic: topics.pageVisit,
  },
  {
    name: 'page-visit with an extra field',
    url: '/api/analytics/page-visit',
    body: { ...pageVisit, admin: true },
    field: 'admin',
    topic: topics.pageVisit,
  },
  {
    name: 'page-visit with a bad screenResolution',
    url: '/api/analytics/page-visit',
    body: { ...pageVisit, screenResolution: 'big' },
    field: 'screenResolution',
    topic: topics.pageVisit,
  },
  {
    name: 'page_leave without sessionId',
    url: '/api/analytics/page-visit',
    body: { visitorId, pageUrl: '/', action: 'page_leave' },
    field: 'sessionId',
    topic: topics.pageVisit,
  },
  {
    name: 'page_leave with a wrong action',
    url: '/api/analytics/page-visit',
    body: { visitorId, sessionId: 's', pageUrl: '/', action: 'drop_tables' },
    field: 'action',
    topic: topics.pageVisit,
  },
  {
    name: 'session-duration negative',
    url: '/api/analytics/session-duration',
    body: { visitorId, sessionDuration: -4, pageUrl: '/' },
    field: 'sessionDuration',
    topic: topics.sessionDuration,
  },
  {
    name: 'session-duration as text',
    url: '/api/analytics/session-duration',
    body: { visitorId, sessionDuration: '95', pageUrl: '/' },
    field: 'sessionDuration',
    topic: topics.sessionDuration,
  },
  {
    name: 'journey with an unknown step',
    url: '/api/journey/track',
    body: { visitorId, sessionId: 's', step: 'teleported' },
    field: 'step',
    topic: topics.journey,
  },
  {
    name: 'journey with huge stepData',
    url: '/api/journey/track',
    body: { visitorId, sessionId: 's', step: 'landing', stepData: { x: 'y'.repeat(5000) } },
    field: 'stepData',
    topic: topics.journey,
  },
  {
    name: 'session/store without timestamp',
    url: '/api/session/store',
    body: { visitorId, age: 30 },
    field: 'timestamp',
    topic: topics.formSnapshot,
  },
  {
    name: 'affiliate-click with offerId 0',
    url: '/api/analytics/affiliate-click',
    body: { offerId: 0, offerTitle: 't', offerUrl: 'u', visitorId },
    field: 'offerId',
    topic: topics.affiliateClick,
  },
  {
    name: 'bridge click with an empty sessionId',
    url: '/api/affiliate-offers/click',
    body: { offerId: 2, visitorId, sessionId: ' ' },
    field: 'sessionId',
    topic: topics.affiliateClick,
  },
  {
    name: 'bridge click without visitorId',
    url: '/api/affiliate-offers/click',
    body: { offerId: 2 },
    field: 'visitorId',
    topic: topics.affiliateClick,
  },
  // An offer id is a number, not anything Number() can make one of.
  ...([true, [7], '0x10', '7'] as const).map((offerId) => ({
    name: `bridge click with offerId ${JSON.stringify(offerId)}`,
    url: '/api/affiliate-offers/click',
    body: { offerId, visitorId },
    field: 'offerId',
    topic: topics.affiliateClick,
  })),
  ...([true, [7], '0x10'] as const).map((offerId) => ({
    name: `affiliate-click with offerId ${JSON.stringify(offerId)}`,
    url: '/api/analytics/affiliate-click',
    body: { offerId, offerTitle: 't', offerUrl: 'https://partner.example/', visitorId },
    field: 'offerId',
    topic: topics.affiliateClick,
  })),
  ...['javascript:alert(document.cookie)', 'data:text/html,x', '/relative'].map((offerUrl) => ({
    name: `affiliate-click with offerUrl ${offerUrl}`,
    url: '/api/analytics/affiliate-click',
    body: { offerId: 3, offerTitle: 't', offerUrl, visitorId },
    field: 'offerUrl',
    topic: topics.affiliateClick,
  })),
  ...['0x10', '1e1', '%207'].map((id) => ({
    name: `id click with the id ${id}`,
    url: `/api/affiliate-offers/${id}/click`,
    body: undefined,
    field: 'id',
    topic: topics.affiliateClick,
  })),
  // About 8 KB of nesting: refused before validation, not a stack overflow (500).
  {
    name: 'page-visit with a visitorId of 4,000 nested arrays',
    url: '/api/analytics/page-visit',
    body: `{"visitorId":${'['.repeat(4000)}${']'.repeat(4000)}}`,
    field: 'visitorId',
    topic: topics.pageVisit,
  },
  {
    name: 'journey with stepData nested 40 objects deep',
    url: '/api/journey/track',
    body: JSON.stringify({
      visitorId,
      sessionId: 's',
      step: 'landing',
      stepData: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown,
    }),
    field: 'stepData',
    topic: topics.journey,
  },
  {
    name: 'id click with a non-numeric id',
    url: '/api/affiliate-offers/abc/click',
    body: undefined,
    field: 'id',
    topic: topics.affiliateClick,
  },
];

const it = test.extend('app', { scope: 'file' }, ({ database, bus }, { onCleanup }) => {
  const app = buildApp({ bus: bus.bus, ipStorage: 'truncated', db: database.db });
  onCleanup(() => app.close());
  return app;
});
it.beforeAll(({ database }) => insertOffers(database.db, [{ id: 3 }, { id: 4 }, { id: 5 }]));

describe('tracking routes against a real Kafka', () => {
  const accepted = new Map<string, Case>();

  it.for(valid)('$name → 202', async (c, { app }) => {
    const response = await app.inject({
      method: 'POST',
      url: c.url,
      headers: {
        ...(c.body === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }),
        'x-forwarded-for': '203.0.113.77',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      },
      ...(c.body === undefined
        ? {}
        : { payload: typeof c.body === 'string' ? c.body : JSON.stringify(c.body) }),
    });
    expect(response.statusCode, response.body).toBe(202);
    accepted.set(response.json<{ id: string }>().id, c);
  });

  it.for(invalid)('$name → 400 naming $field', async (c, { app }) => {
    const response = await app.inject({
      method: 'POST',
      url: c.url,
      ...(c.body === undefined
        ? {}
        : {
            headers: { 'content-type': 'application/json' },
            payload: typeof c.body === 'string' ? c.body : JSON.stringify(c.body),
          }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; message: string; details: { field: string }[] } }>();
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toContain(c.field);
  });

  it('each accepted event is on its topic, and nothing else is (no invalid body was published)', async ({
    bus,
  }) => {
    expect(accepted.size).toBe(valid.length);
    for (const topic of new Set(valid.map((c) => c.topic))) {
      const expected = [...accepted].filter(([, c]) => c.topic === topic);
      // Wait a little past the expected count so a stray message from an invalid body would show up.
      const messages = await readTopic(bus.topicPrefix, topic, {
        expect: expected.length + 1,
        timeoutMs: 2500,
      });
      expect(messages.map((m) => m.id).sort()).toEqual(expected.map(([id]) => id).sort());
      for (const [id, c] of expected) {
        const message = messages.find((m) => m.id === id);
        expect(message?.type).toBe(topic.type);
        expect(message?.payload).toMatchObject(c.expectPayload);
      }
    }
  });

  it('malformed JSON → 400 with the error shape', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/journey/track',
      headers: { 'content-type': 'application/json' },
      payload: '{"visitorId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('invalid_request');
  });
});

describe('tracking when Kafka is unavailable', () => {
  it('answers 503 within a second instead of hanging', async ({ database }) => {
    // A broker address where nothing listens: the same as a stopped broker, without stopping the one
    // the other test files share (the broker-restart fault test stops the real one, in isolation).
    const bus = new KafkaBus({ brokers: ['127.0.0.1:1'], clientId: 'tracking-down', publishTimeoutMs: 800 });
    const app = buildApp({ bus, ipStorage: 'truncated', db: database.db });
    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/journey/track',
      payload: { visitorId, sessionId: 's', step: 'landing' },
    });
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('service_unavailable');
    // Bound generous enough for a loaded CI machine; the figure itself is reported by the bench.
    expect(elapsed).toBeLessThan(1500);
    await app.close();
    await bus.close();
  });
});
