// Redis stopped under a running dashboard. What the operator sees in a real Chromium: the admin app's
// indicator says "Real-time disconnected" while Redis is away and "Real-time connected" again once it is
// back — without a reload. Meanwhile visitor tracking (202) and the analytics reads keep working; the
// live service closes admin sockets with 1011 and its /readyz says Redis is down; afterwards it takes
// admin sockets again and broadcasts.
import type { Browser, Page } from 'playwright-core';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildAdminAuth, createAdmin } from '@bodymetrics/admin-auth';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import { liveCloseCodes } from '@bodymetrics/contracts';
import { buildGateway, type Gateway } from '@bodymetrics/gateway';
import { isRedisUp, startRedis, stopRedis } from '@bodymetrics/infra/local/redis';
import { buildApp as buildLive } from '@bodymetrics/live';
import { createMailer } from '@bodymetrics/mail';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import {
  launchChromium,
  createTestBus,
  createTestDatabase,
  eventually,
  freePort,
  testInfra,
  uniqueTag,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { desktopChrome, pageVisitBody } from './src/visits';

const keyPrefix = `test:faults:redis:${uniqueTag()}:`;
const admin = { username: 'operator', email: 'operator@bodymetrics.test', password: 'Cantar-Redis-2026' };

let database: TestDatabase;
let testBus: TestBus;
let redis: Redis;
let gateway: Gateway;
let baseUrl: string;
let liveUrl: string;
let browser: Browser | undefined;
const closers: Array<() => Promise<unknown>> = [];

async function listen(app: { listen(o: { host: string; port: number }): Promise<string> }): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

beforeAll(async () => {
  database = await createTestDatabase('faults_redis_stop');
  testBus = await createTestBus('faults-redis-stop');
  await createAdmin(database.db, admin);
  // The clients main.ts would create: commands fail at once while Redis is away instead of queueing.
  redis = new Redis(testInfra().redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const mailer = createMailer({
    kind: 'file',
    dir: '/tmp/bm-faults-mail',
    from: 'BodyMetrics <x@bodymetrics.test>',
  });

  const tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  const analytics = buildAnalytics({ db: database.db, timeZone: 'Europe/Bucharest' });
  const adminAuth = buildAdminAuth({
    db: database.db,
    redis,
    mailer,
    publicBaseUrl: 'http://127.0.0.1',
    sessionTtlHours: 1,
    cookieSecure: false,
    keyPrefix,
  });
  const live = buildLive({
    db: database.db,
    presence: 'redis',
    redisUrl: testInfra().redisUrl,
    keyPrefix,
    sweepIntervalMs: 500,
  });
  liveUrl = await listen(live);
  const upstreams = {
    tracking: await listen(tracking),
    offers: 'http://127.0.0.1:9',
    reports: 'http://127.0.0.1:9',
    adminAuth: await listen(adminAuth),
    analytics: await listen(analytics),
    live: liveUrl,
  };
  // The gateway's public origin is the address the dashboard is opened at: admin sockets are accepted
  // only with that Origin, so the port is chosen before the gateway is built.
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  gateway = await buildGateway({
    upstreams,
    redis,
    rateLimit: { max: 10_000, redisKeyPrefix: keyPrefix },
    publicBaseUrl: baseUrl,
  });
  await gateway.listen({ host: '127.0.0.1', port });
  closers.push(
    () => gateway.close(),
    () => live.close(),
    () => adminAuth.close(),
    () => analytics.close(),
    () => tracking.close(),
  );
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  // Whatever happened above, the shared Redis is running again before anything else goes on.
  if (!(await isRedisUp())) await startRedis();
  await browser?.close();
  for (const close of closers) await close().catch(() => undefined);
  const keys = await redis.keys(`${keyPrefix}*`).catch(() => [] as string[]);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await testBus?.cleanup();
  await database?.drop();
}, 120_000);

/** An admin socket through the gateway, recording what it is sent and how it closes. */
function adminSocket(sessionId: string) {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/analytics-ws?role=admin`, {
    // From the admin page: a browser sends its Origin with the handshake.
    headers: { cookie: `${adminSessionCookie}=${sessionId}`, origin: baseUrl },
  });
  const messages: Array<{ type: string; data: unknown }> = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as { type: string; data: unknown }));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('error', () => {});
  return { ws, messages, closed };
}

const liveReadiness = async () => {
  const res = await fetch(`${liveUrl}/readyz`);
  return { status: res.status, checks: ((await res.json()) as { checks: Record<string, string> }).checks };
};

const track = async (visitorId: string) =>
  (
    await fetch(`${baseUrl}/api/analytics/page-visit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': desktopChrome,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify(pageVisitBody(visitorId)),
    })
  ).status;

async function indicatorState(page: Page): Promise<string | null> {
  return page.getByTestId('realtime-indicator').getAttribute('data-state');
}

describe('Redis stopped under the admin dashboard', () => {
  it('shows "Real-time disconnected", keeps tracking and analytics working, and recovers by itself', async () => {
    const context = await browser!.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin`);
    await page.getByLabel(/utilizator|username/i).fill(admin.username);
    await page.getByLabel(/parol|password/i).fill(admin.password);
    await page.getByRole('button', { name: /autentific|log ?in|sign ?in/i }).click();
    const indicator = page.getByTestId('realtime-indicator');
    await indicator.waitFor();
    await expect.poll(() => indicatorState(page), { timeout: 15_000 }).toBe('connected');
    const sessionId = (await context.cookies()).find((c) => c.name === adminSessionCookie)?.value ?? '';
    expect(sessionId).not.toBe('');

    // Every change of the indicator from here on, as the operator would have seen it.
    await page.evaluate(() => {
      const w = window as unknown as { indicatorStates: string[] };
      w.indicatorStates = [];
      const el = document.querySelector('[data-testid=realtime-indicator]')!;
      new MutationObserver(() => w.indicatorStates.push(el.getAttribute('data-state') ?? '')).observe(el, {
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    const socket = adminSocket(sessionId);
    await eventually(async () => expect(socket.messages.map((m) => m.type)).toContain('connection_info'));
    expect(await track('redis-before')).toBe(202);

    await stopRedis();
    let restarted = false;
    try {
      expect(await socket.closed).toBe(liveCloseCodes.unavailable);
      await expect.poll(() => indicatorState(page), { timeout: 15_000 }).toBe('disconnected');
      await expect
        .poll(async () => (await page.getByTestId('realtime-indicator').textContent()) ?? '')
        .toContain('Timp real deconectat');
      await eventually(async () =>
        expect(await liveReadiness()).toEqual({ status: 503, checks: { postgres: 'ok', redis: 'down' } }),
      );
      // Visitor tracking and the dashboard's reads do not need Redis.
      for (let i = 0; i < 5; i++) expect(await track(`redis-down-${i}`)).toBe(202);
      const overview = await fetch(`${baseUrl}/api/analytics/overview`, {
        headers: { cookie: `${adminSessionCookie}=${sessionId}` },
      });
      expect(overview.status).toBe(200);
      // A new admin socket is refused the same way while Redis is away.
      expect(await adminSocket(sessionId).closed).toBe(liveCloseCodes.unavailable);
      // The dashboard stays "disconnected" while it retries (a few seconds of its reconnect attempts).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const whileDown = await page.evaluate(
        () => (window as unknown as { indicatorStates: string[] }).indicatorStates,
      );
      console.log(`[redis stop] indicator states while Redis was away: ${JSON.stringify(whileDown)}`);
      // Never a flash of "connected" on a reconnect attempt that the live service turns away.
      expect(whileDown.length).toBeGreaterThan(0);
      expect(new Set(whileDown)).toEqual(new Set(['disconnected']));
      expect(await indicatorState(page)).toBe('disconnected');

      await startRedis();
      restarted = true;
      await eventually(async () => expect((await liveReadiness()).status).toBe(200), { timeoutMs: 30_000 });
      // The page reconnects on its own (its back-off is at most 30 s).
      await expect.poll(() => indicatorState(page), { timeout: 45_000, interval: 250 }).toBe('connected');
      await expect
        .poll(async () => (await page.getByTestId('realtime-indicator').textContent()) ?? '')
        .toContain('Timp real conectat');

      // And live broadcasts again: a visitor's heartbeat reaches a new admin socket.
      const back = adminSocket(sessionId);
      await eventually(async () => expect(back.messages.map((m) => m.type)).toContain('connection_info'));
      // A browser's handshake (its User-Agent too: a socket without one is a bot, never an active user).
      const visitor = new WebSocket(`${baseUrl.replace('http', 'ws')}/analytics-ws`, {
        headers: { 'sec-fetch-site': 'same-origin', 'user-agent': desktopChrome },
      });
      await new Promise((resolve) => visitor.once('open', resolve));
      visitor.send(
        JSON.stringify({
          type: 'user_active',
          data: {
            visitorId: 'redis-back-visitor',
            sessionId: 's-1',
            currentPage: '/',
            deviceType: 'desktop',
            browser: 'Chrome',
            location: 'Bucharest',
          },
        }),
      );
      await eventually(async () =>
        expect(
          back.messages.some(
            (m) => m.type === 'active_users_update' && JSON.stringify(m.data).includes('redis-back-visitor'),
          ),
        ).toBe(true),
      );
      visitor.close();
      back.ws.close();
      expect(await track('redis-after')).toBe(202);
    } finally {
      if (!restarted && !(await isRedisUp())) await startRedis();
      await context.close();
    }
  });
});
