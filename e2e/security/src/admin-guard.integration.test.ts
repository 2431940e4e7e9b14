// Every admin route and the admin side of the WebSocket, through the gateway, refuse a caller with no
// session, an expired one, a logged-out one (login → logout → reuse), an inactive admin's, or a made-up
// token — whether the id comes as the HttpOnly cookie or as a bearer token. The route list is read from
// the analytics service itself, so a route added later is covered without editing this file, plus the
// offer management's routes from their contracts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import { adminOffersRoutes, fillPath } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { openLiveSocket } from '@bodymetrics/testing';
import { get, post, send } from './requests';
import { adminPassword, createOperator, startSystem, timeZone, type System } from './system';

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
}

/**
 * The offer management's routes (the offers service, behind the same guard): offer 1 for `:id`, the
 * Normal × wellness segment for `:bmiCategory/:goal`.
 */
const offerManagementRoutes: Route[] = Object.values(adminOffersRoutes).map((route) => ({
  method: route.method,
  url: fillPath(route.path, { id: 1, bmiCategory: 'Normal', goal: 'wellness' }),
}));

/**
 * Every /api route the analytics service registers behind its admin guard: all but a shared link's own
 * (/api/shared/…, answered by token to whoever holds the link: shared-views.integration.test.ts).
 */
async function analyticsRoutes(db: Db): Promise<Route[]> {
  const app = buildAnalytics({ db, timeZone });
  const routes: Route[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (
        (method === 'GET' || method === 'POST') &&
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/shared/')
      )
        routes.push({ method: method as Route['method'], url: route.url });
    }
  });
  await app.ready();
  await app.close();
  return routes;
}

let system: System;
let routes: Route[];
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** A session id as the admin app gets it: a real login through the gateway. */
async function loginAs(username: string): Promise<string> {
  const res = await post(
    system.gateway,
    '/api/admin/login',
    { username, password: adminPassword },
    { ip: freshIp() },
  );
  expect(res.statusCode).toBe(200);
  return (res.json() as { sessionId: string }).sessionId;
}

/** The states a session id can be in that must be refused; the ids are made in beforeAll. */
const refusedStates = [
  'an expired session',
  'a logged-out session',
  "an inactive admin's session",
  'a made-up token',
] as const;
type RefusedState = (typeof refusedStates)[number];
const refused = {} as Record<RefusedState, string>;
let validSessionId: string;

beforeAll(async () => {
  system = await startSystem({ label: 'admin_guard', liveSessionRecheckMs: 300, liveAuthTimeoutMs: 1_000 });
  routes = [...(await analyticsRoutes(system.db)), ...offerManagementRoutes];
  await createOperator(system.db, 'operator');
  await createOperator(system.db, 'former');

  validSessionId = await loginAs('operator');

  refused['an expired session'] = await loginAs('operator');
  await system.db
    .updateTable('admin_sessions')
    .set({ expires_at: new Date(Date.now() - 60_000) })
    .where('session_id', '=', refused['an expired session'])
    .execute();

  refused['a logged-out session'] = await loginAs('operator');
  const logout = await post(system.gateway, '/api/admin/logout', {
    sessionId: refused['a logged-out session'],
  });
  expect(logout.statusCode).toBe(200);

  refused["an inactive admin's session"] = await loginAs('former');
  await system.db
    .updateTable('admin_users')
    .set({ is_active: false })
    .where('username', '=', 'former')
    .execute();

  refused['a made-up token'] = 'Zm9yZ2VkLXNlc3Npb24taWQtdGhhdC1kb2VzLW5vdC1leGlzdA';
});

afterAll(async () => {
  await system?.close();
});

const withQuery = (url: string) => `${url}?days=7&limit=20`;

/** How a caller presents itself: [description, handshake/request headers] (read after beforeAll ran). */
const credentialCases: [string, () => Record<string, string>][] = [
  ['no session', () => ({})],
  ['an empty bearer token', () => ({ authorization: 'Bearer ' })],
  ['a malformed cookie', () => ({ cookie: `${adminSessionCookie}=%%%` })],
  ...refusedStates.flatMap((state): [string, () => Record<string, string>][] => [
    [`${state} (cookie)`, () => ({ cookie: `${adminSessionCookie}=${refused[state]}` })],
    [`${state} (bearer)`, () => ({ authorization: `Bearer ${refused[state]}` })],
  ]),
];
const credentials = () =>
  credentialCases.map(([state, headers]): [string, Record<string, string>] => [state, headers()]);

describe('admin HTTP routes through the gateway', () => {
  it('the analytics service registers every dashboard read, the journey reads, the CSV exports and reset-all-data', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/analytics/overview',
        'GET /api/analytics/daily-stats',
        'GET /api/analytics/affiliate-stats',
        'GET /api/analytics/recent-clicks',
        'GET /api/analytics/device-stats',
        'GET /api/analytics/traffic-sources',
        'GET /api/analytics/geographic-stats',
        'GET /api/journey/funnel-stats',
        'GET /api/journey/today-summary',
        'GET /api/journey/abandonment',
        'POST /api/analytics/reset-all-data',
        'GET /api/analytics/export/daily-stats.csv',
        'GET /api/analytics/export/recent-clicks.csv',
      ]),
    );
    expect(routes.filter((r) => r.url.endsWith('.csv')).length).toBeGreaterThanOrEqual(7);
  });

  it('every route refuses every caller without a valid session: 401 in the one error shape', async () => {
    const refusals: string[] = [];
    for (const [state, headers] of credentials()) {
      for (const route of routes) {
        const res = await send(system.gateway, route.method, withQuery(route.url), undefined, { headers });
        if (res.statusCode !== 401)
          refusals.push(`${route.method} ${route.url} with ${state}: ${res.statusCode}`);
        else
          expect(res.json()).toEqual({
            error: { code: 'unauthorized', message: 'A valid admin session is required' },
          });
      }
    }
    expect(refusals).toEqual([]);
  });

  it('the same routes answer a valid session (so the refusals above are the guard, not a broken route)', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const byCookie = await get(system.gateway, withQuery(route.url), {
        headers: { cookie: `${adminSessionCookie}=${validSessionId}` },
      });
      expect(byCookie.statusCode, route.url).toBe(200);
      const byBearer = await get(system.gateway, withQuery(route.url), {
        headers: { authorization: `Bearer ${validSessionId}` },
      });
      expect(byBearer.statusCode, route.url).toBe(200);
    }
  });

  it('the offer management changed nothing for any refused caller', async () => {
    const { id } = await system.db
      .insertInto('affiliate_offers')
      .values({
        title: 'Guarded offer',
        description: 'd',
        url: 'https://guarded.example.com/',
        bmi_category: 'Normal',
        goal: 'wellness',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [, headers] of credentials())
      expect(
        (await send(system.gateway, 'PATCH', `/api/admin/offers/${id}`, { active: false }, { headers }))
          .statusCode,
      ).toBe(401);
    expect(
      await system.db
        .selectFrom('affiliate_offers')
        .select(['active', 'title'])
        .where('id', '=', id)
        .execute(),
    ).toEqual([{ active: true, title: 'Guarded offer' }]);
    expect(await system.db.selectFrom('offer_changes').selectAll().execute()).toEqual([]);
  });

  it('reset-all-data deleted nothing for any refused caller', async () => {
    // Rows that a reset would delete, checked after every refused attempt above and here again.
    await system.db.insertInto('daily_visits').values({ date: '2026-01-01', unique_visitors: 3 }).execute();
    for (const [, headers] of credentials())
      expect(
        (await send(system.gateway, 'POST', '/api/analytics/reset-all-data', undefined, { headers }))
          .statusCode,
      ).toBe(401);
    expect(await system.db.selectFrom('daily_visits').select('unique_visitors').execute()).toEqual([
      { unique_visitors: 3 },
    ]);
  });
});

describe('the admin side of /analytics-ws through the gateway', () => {
  it.each(credentialCases.filter(([state]) => state !== 'no session'))(
    '?role=admin with %s in the handshake is closed with 4401',
    async (_state, headers) => {
      const socket = openLiveSocket(system.baseUrl, '/analytics-ws?role=admin', headers());
      expect(await socket.closed).toBe(4401);
    },
  );

  it.each(refusedStates)('?role=admin sending `auth` with %s is closed with 4401', async (state) => {
    const socket = openLiveSocket(system.baseUrl, '/analytics-ws?role=admin');
    await socket.opened;
    socket.send({ type: 'auth', data: { sessionId: refused[state] } });
    expect(await socket.closed).toBe(4401);
  });

  it('?role=admin with no session that never authenticates is closed with 4401', async () => {
    const socket = openLiveSocket(system.baseUrl, '/analytics-ws?role=admin');
    await socket.opened;
    expect(await socket.closed).toBe(4401);
  });

  it('a visitor socket asking for analytics is refused, and one that tries a logged-out session is closed 4401', async () => {
    const visitor = openLiveSocket(system.baseUrl, '/analytics-ws');
    await visitor.opened;
    visitor.send({ type: 'request_analytics' });
    expect(await visitor.next('error')).toEqual({ type: 'error', data: { code: 'unauthorized' } });
    visitor.send({ type: 'auth', data: { sessionId: refused['a logged-out session'] } });
    expect(await visitor.closed).toBe(4401);
  });

  it('a valid session is admitted; once it logs out, the open socket is closed with 4401', async () => {
    const sessionId = await loginAs('operator');
    const admin = openLiveSocket(system.baseUrl, '/analytics-ws?role=admin', {
      cookie: `${adminSessionCookie}=${sessionId}`,
    });
    expect(await admin.next('connection_info')).toMatchObject({ data: { role: 'admin' } });
    expect(await admin.next('active_users_update')).toMatchObject({ data: { count: expect.any(Number) } });

    expect((await post(system.gateway, '/api/admin/logout', { sessionId })).statusCode).toBe(200);
    expect(await admin.closed).toBe(4401);
  });
});
