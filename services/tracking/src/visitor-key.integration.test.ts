// The daily visitor key through real tracking processes: two processes sharing Redis give one browser the
// same key, whichever process takes its request; the salt in Redis expires with its day.
import { describe, expect } from 'vitest';
import { topics, type PageVisitEvent } from '@bodymetrics/contracts';
import { redisSaltStore, visitorKeys } from '@bodymetrics/service-kit';
import { readTopic } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const pageVisit = (visitorId: string, storageAllowed?: boolean) => ({
  visitorId,
  sessionId: `s-${visitorId}`,
  pageUrl: 'https://bodymetrics.example/',
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Linux',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  trafficSource: { source: 'direct', medium: 'direct' },
  ...(storageAllowed === undefined ? {} : { storageAllowed }),
});

describe('daily visitor key across tracking processes', () => {
  const apps: ReturnType<typeof buildApp>[] = [];

  it.beforeAll(({ database, bus, redis, keyPrefix }) => {
    for (let i = 0; i < 2; i++)
      apps.push(
        buildApp({
          bus: bus.bus,
          ipStorage: 'truncated',
          db: database.db,
          visitorKeys: visitorKeys('Europe/Bucharest', redisSaltStore(redis, keyPrefix)),
        }),
      );
    return async () => {
      for (const app of apps) await app.close();
    };
  });

  const send = (app: ReturnType<typeof buildApp>, body: unknown, ip: string, ua = chrome) =>
    app.inject({
      method: 'POST',
      url: '/api/analytics/page-visit',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': ua },
      payload: JSON.stringify(body),
    });

  it('stamps one key for one browser whatever ids its tabs send and whether it allowed storage (two processes), another for another browser', async ({
    bus,
  }) => {
    const [a, b] = apps as [ReturnType<typeof buildApp>, ReturnType<typeof buildApp>];
    const ids = {
      tab1: (await send(a, pageVisit('tab-1'), '198.51.100.20')).json<{ id: string }>().id,
      tab2: (await send(b, pageVisit('tab-2'), '198.51.100.20')).json<{ id: string }>().id,
      other: (await send(b, pageVisit('tab-3'), '198.51.100.21')).json<{ id: string }>().id,
      kept: (await send(a, pageVisit('kept-7', true), '198.51.100.20')).json<{ id: string }>().id,
    };
    const events = await readTopic(bus.topicPrefix, topics.pageVisit, { expect: 4 });
    const keyOf = (id: string) =>
      (events.find((e) => e.id === id)?.payload as PageVisitEvent & { visitorKey?: string }).visitorKey;
    expect(keyOf(ids.tab1)).toMatch(/^d:/);
    expect(keyOf(ids.tab2)).toBe(keyOf(ids.tab1));
    expect(keyOf(ids.other)).toMatch(/^d:/);
    expect(keyOf(ids.other)).not.toBe(keyOf(ids.tab1));
    // Consent changes nothing: the id kept on the device is not the counting identity.
    expect(keyOf(ids.kept)).toBe(keyOf(ids.tab1));
    // No address and no salt travel on the event.
    expect(JSON.stringify(events)).not.toContain('198.51.100.20');
  });

  it('keeps one salt per day in Redis, expiring by the end of that day', async ({ redis, keyPrefix }) => {
    const keys = await redis.keys(`${keyPrefix}visitor-salt:*`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.ttl(keys[0] as string);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(86_400 + 60);
  });
});
