// The one bot decision: every tracking route stamps `isBot` on its event from the
// request's User-Agent header, exactly as sent (a real HTTP request, so no test client fills one in);
// a client cannot send the flag itself.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { topics, type TopicDefinition } from '@bodymetrics/contracts';
import { readTopic } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { insertOffers } from './test-support';

const desktopChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const agents: { name: string; header: string | undefined; isBot: boolean }[] = [
  { name: 'no User-Agent', header: undefined, isBot: true },
  { name: 'an empty User-Agent', header: '', isBot: true },
  {
    name: 'Googlebot',
    header: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    isBot: true,
  },
  {
    name: 'HeadlessChrome',
    header:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    isBot: true,
  },
  { name: 'a desktop Chrome', header: desktopChrome, isBot: false },
];

const visitorId = 'v-bot-flag';
const routes: { name: string; url: string; body?: unknown; topic: TopicDefinition }[] = [
  {
    name: 'page-visit',
    url: '/api/analytics/page-visit',
    body: {
      visitorId,
      pageUrl: '/',
      deviceType: 'desktop',
      browserName: 'Chrome',
      operatingSystem: 'Windows',
      screenResolution: '1920x1080',
      language: 'ro-RO',
      timeZone: 'Europe/Bucharest',
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
    },
    topic: topics.pageVisit,
  },
  {
    name: 'page_leave',
    url: '/api/analytics/page-visit',
    body: { visitorId, sessionId: 's-1', pageUrl: '/', action: 'page_leave' },
    topic: topics.pageVisit,
  },
  {
    name: 'session-duration',
    url: '/api/analytics/session-duration',
    body: { visitorId, sessionDuration: 30, pageUrl: '/' },
    topic: topics.sessionDuration,
  },
  {
    name: 'journey/track',
    url: '/api/journey/track',
    body: { visitorId, sessionId: 's-1', step: 'landing' },
    topic: topics.journey,
  },
  {
    name: 'session/store',
    url: '/api/session/store',
    body: { visitorId, age: 30, timestamp: 1763700000000 },
    topic: topics.formSnapshot,
  },
  {
    name: 'analytics/affiliate-click',
    url: '/api/analytics/affiliate-click',
    body: { offerId: 3, offerTitle: 'Lean Shake', offerUrl: 'https://partner.example.com/', visitorId },
    topic: topics.affiliateClick,
  },
  {
    name: 'affiliate-offers/click',
    url: '/api/affiliate-offers/click',
    body: { offerId: 4, visitorId },
    topic: topics.affiliateClick,
  },
  { name: 'affiliate-offers/{id}/click', url: '/api/affiliate-offers/5/click', topic: topics.affiliateClick },
];

let port: number;

it.beforeAll(async ({ database, bus }) => {
  await insertOffers(database.db, [{ id: 3 }, { id: 4 }, { id: 5 }]);
  const app = buildApp({ bus: bus.bus, ipStorage: 'truncated', db: database.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
  return () => app.close();
});

/** A plain HTTP request with exactly these headers (node:http adds no User-Agent of its own). */
function post(
  url: string,
  body: unknown,
  userAgent: string | undefined,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('tracking stamps the bot decision on every event', () => {
  it('sets isBot from the User-Agent on every route, and refuses a client-sent isBot', async ({ bus }) => {
    const sent = new Map<string, { route: string; agent: string; isBot: boolean }>();
    for (const route of routes) {
      for (const agent of agents) {
        const response = await post(route.url, route.body, agent.header);
        expect(response.status, `${route.name} with ${agent.name}: ${JSON.stringify(response.json)}`).toBe(
          202,
        );
        sent.set(response.json.id as string, { route: route.name, agent: agent.name, isBot: agent.isBot });
      }
    }
    // A browser cannot declare itself a person (or anything else): the flag is the server's.
    for (const route of routes.filter((r) => r.body !== undefined)) {
      const response = await post(route.url, { ...(route.body as object), isBot: false }, 'Googlebot/2.1');
      expect(response.status, route.name).toBe(400);
      expect(JSON.stringify(response.json), route.name).toContain('isBot');
    }

    for (const topic of new Set(routes.map((r) => r.topic))) {
      const expected = routes.filter((r) => r.topic === topic).length * agents.length;
      const messages = await readTopic(bus.topicPrefix, topic, { expect: expected + 1, timeoutMs: 2500 });
      expect(messages).toHaveLength(expected);
      for (const message of messages) {
        const want = sent.get(message.id);
        expect(want, message.id).toBeDefined();
        expect((message.payload as { isBot?: unknown }).isBot, `${want?.route} with ${want?.agent}`).toBe(
          want?.isBot,
        );
      }
    }
  });
});
