// Authenticated reads, strict numbers and the live list's caps through the gateway, in front of the real services (distributed mode: live's
// presence in Redis). Every authenticated read — each analytics read and CSV export, admin-auth's
// validate-session — is `Cache-Control: no-store`; `days=0x5a` is refused naming the rule; one client
// network cannot fill the live list with made-up visitors, and a socket cannot move another visitor's entry.
//
// The live tests go through a second gateway that trusts the test as its load balancer (TRUST_PROXY_HOPS
// 1), so each socket can come from the address it names: what live counts is the client address the
// gateway passes on in X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import { buildGateway, type Gateway } from '@bodymetrics/gateway';
import { openLiveSocket, type LiveFrame, type LiveSocket } from '@bodymetrics/testing';
import { send } from './requests';
import { adminPassword, createOperator, startSystem, timeZone, type System } from './system';

let system: System;
let trusting: Gateway;
let trustingUrl: string;
let sessionId: string;
const opened: LiveSocket[] = [];
/** What a browser on the dashboard's own origin sends with every request. */
const sameOrigin = { origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' };

beforeAll(async () => {
  system = await startSystem({ label: 'analytics_live_hardening' });
  await createOperator(system.db, 'operator');
  const login = await send(
    system.gateway,
    'POST',
    '/api/admin/login',
    { username: 'operator', password: adminPassword },
    { ip: '192.0.2.200', headers: sameOrigin },
  );
  expect(login.statusCode, login.body).toBe(200);
  sessionId = (login.json() as { sessionId: string }).sessionId;

  trusting = await buildGateway({
    inProcess: system.inProcess,
    trustProxy: (_addr, hop) => hop < 1,
  });
  trustingUrl = await trusting.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  for (const s of opened) s.socket.close();
  await trusting?.close();
  await system?.close();
});

describe('Cache-Control: no-store on every authenticated read, through the gateway', () => {
  it('every analytics GET route (reads and CSV exports) answers no-store', async () => {
    const app = buildAnalytics({ db: system.db, timeZone });
    const urls: string[] = [];
    app.addHook('onRoute', (r) => {
      if ([r.method].flat().includes('GET') && r.url.startsWith('/api/')) urls.push(r.url);
    });
    await app.ready();
    await app.close();
    expect(urls.length).toBeGreaterThanOrEqual(17);

    // The shared link's reads are authenticated by their token: a real link, one of its tabs.
    const link = await send(
      system.gateway,
      'POST',
      '/api/admin/shared-views',
      { name: 'no-store', tabs: ['daily'] },
      { headers: { ...sameOrigin, cookie: `bm_admin_session=${sessionId}` } },
    );
    expect(link.statusCode, link.body).toBe(201);
    const { token } = link.json() as { token: string };
    const cacheable: string[] = [];
    for (const route of urls) {
      const url = route.replace(':token', token).replace(':tab', 'daily');
      const res = await send(system.gateway, 'GET', `${url}?days=7&limit=20`, undefined, {
        headers: { cookie: `bm_admin_session=${sessionId}` },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      if (res.headers['cache-control'] !== 'no-store')
        cacheable.push(`${url}: ${res.headers['cache-control']}`);
    }
    expect(cacheable).toEqual([]);
  });

  it("admin-auth's validate-session answers no-store", async () => {
    const res = await send(
      system.gateway,
      'POST',
      '/api/admin/validate-session',
      {},
      {
        headers: { ...sameOrigin, cookie: `bm_admin_session=${sessionId}` },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, username: 'operator' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('days, through the gateway', () => {
  it.each(['0x5a', '14'])('days=%s is refused naming the rule', async (days) => {
    const res = await send(system.gateway, 'GET', `/api/analytics/daily-stats?days=${days}`, undefined, {
      headers: { cookie: `bm_admin_session=${sessionId}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_error', message: 'days: must be one of 7, 30, 90' },
    });
  });
});

describe('live presence, through the gateway', () => {
  const wsBase = () => trustingUrl;
  const visitorSocket = async (from: string) => {
    const s = openLiveSocket(wsBase(), '/analytics-ws', { 'x-forwarded-for': from });
    opened.push(s);
    await s.opened;
    await s.next('connection_info');
    return s;
  };
  const activity = (visitorId: string, currentPage = '/') => ({
    type: 'user_active',
    data: {
      visitorId,
      sessionId: `${visitorId}-session`,
      currentPage,
      deviceType: 'desktop',
      browser: 'Chrome',
      location: 'Bucharest',
    },
  });
  type Snapshot = { count: number; users: { visitorId: string; currentPage: string }[] };
  let admin: LiveSocket;
  /** The live list as the dashboard sees it right now. */
  const snapshot = async (): Promise<Snapshot> => {
    admin.send({ type: 'request_analytics' });
    return (await admin.next('active_users_update')).data as Snapshot;
  };
  const until = async (ok: (s: Snapshot) => boolean): Promise<Snapshot> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const s = await snapshot();
      if (ok(s) || Date.now() > deadline) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    admin = openLiveSocket(wsBase(), '/analytics-ws?role=admin', {
      ...sameOrigin,
      cookie: `bm_admin_session=${sessionId}`,
    });
    opened.push(admin);
    await admin.opened;
    const info: LiveFrame = await admin.next('connection_info');
    expect(info.data).toMatchObject({ role: 'admin' });
    await admin.next('active_users_update');
  });

  it('120 made-up visitors from one network in 3 s: at most the cap (20) on the list; another network still shows', async () => {
    for (let batch = 0; batch < 12; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const i = batch * 10 + k;
          // The sockets stay open: a closed socket's visitor leaves the list at once, so holding them open is
          // the attack (they close after the file).
          const s = await visitorSocket(`203.0.113.${i + 1}`);
          s.send(activity(`fake-${i}`));
        }),
      );
    }
    const real = await visitorSocket('198.51.100.7');
    real.send(activity('real-visitor', '/results'));
    const seen = await until((s) => s.users.some((u) => u.visitorId === 'real-visitor'));
    expect(seen.users.map((u) => u.visitorId)).toContain('real-visitor');
    expect(seen.count).toBe(21);
  });

  it("socket B sending visitor A's id does not change A's current page", async () => {
    const a = await visitorSocket('192.0.2.10');
    a.send(activity('visitor-a', '/results'));
    await until((s) => s.users.some((u) => u.visitorId === 'visitor-a'));

    const b = await visitorSocket('198.51.100.66');
    b.send(activity('visitor-a', '/spoofed'));
    expect((await b.next('error')).data).toMatchObject({ code: 'visitor_mismatch' });
    b.send({
      type: 'user_page_change',
      data: { visitorId: 'visitor-a', sessionId: 'visitor-a-session', currentPage: '/spoofed-too' },
    });
    // B's messages are handled in order: its refused request_analytics comes back after the page change.
    b.send({ type: 'request_analytics' });
    expect((await b.next('error')).data).toMatchObject({ code: 'unauthorized' });

    // Every list the dashboard gets from now on (past the broadcast throttle) still shows A on /results.
    const pages: (string | undefined)[] = [];
    const end = Date.now() + 1_500;
    while (Date.now() < end) {
      pages.push((await snapshot()).users.find((u) => u.visitorId === 'visitor-a')?.currentPage);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(new Set(pages)).toEqual(new Set(['/results']));
  });
});
