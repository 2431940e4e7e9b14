// /analytics-ws in distributed mode: real Redis (presence + fan-out between instances), real Postgres
// (admin sessions), real `ws` clients on ephemeral ports.
import { describe, expect } from 'vitest';
import type { Redis } from 'ioredis';
import { adminSessionsRevokedChannel, analyticsChangedChannel, liveCloseCodes } from '@bodymetrics/contracts';
import { eventually, testInfra } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import type { LiveDeps } from './app';
import {
  createAdminWithSession,
  useLiveTestbed,
  visitorActivity,
  type RunningLive,
  type TestSocket,
} from './test-support';

const testbed = useLiveTestbed();
let redis: Redis;

it.beforeAll(({ redis: fileRedis }) => {
  redis = fileRedis;
});

/** Instances started by one call share a key prefix, as the instances of one deployment do. */
const startInstances = (n: number, overrides: Partial<LiveDeps> = {}): Promise<RunningLive[]> =>
  testbed.start(n, {
    presence: 'redis',
    redisUrl: testInfra().redisUrl,
    activeWindowMs: 1_500,
    sweepIntervalMs: 200,
    ...overrides,
  });
const open = (url: string, options?: Parameters<typeof TestSocket.open>[1]) => testbed.open(url, options);
const openAdmin = (url: string) => testbed.openAdmin(url);

describe('live list across instances', () => {
  it('shows a visitor active on instance A to an admin on instance B, then drops them after the window', async () => {
    const [a, b] = await startInstances(2);
    const admin = await openAdmin(b!.wsUrl);
    admin.send({ type: 'request_analytics' });
    await admin.waitFor('active_users_update', (d) => d.count === 0);

    const visitor = await open(a!.wsUrl);
    await visitor.waitFor('connection_info', (d) => d.role === 'visitor');
    const activity = visitorActivity({
      currentPage: '/results',
      deviceType: 'tablet',
      browser: 'Safari',
      location: 'New York',
    });
    const from = admin.messages.length;
    visitor.send({ type: 'user_active', data: activity });

    const update = await admin.waitFor('active_users_update', (d) => d.count === 1, from);
    expect(update.users).toEqual([
      {
        visitorId: activity.visitorId,
        currentPage: '/results',
        deviceType: 'tablet',
        browser: 'Safari',
        timeOnSite: expect.any(Number),
        location: 'New York',
      },
    ]);

    // No further heartbeat: once the window has passed, the sweep tells the admin the visitor left.
    const afterArrival = admin.messages.length;
    const gone = await admin.waitFor('active_users_update', (d) => d.count === 0, afterArrival);
    expect(gone.users).toEqual([]);
  });

  it('never counts a crawler as an active user', async () => {
    const [a] = await startInstances(1);
    const admin = await openAdmin(a!.wsUrl);
    admin.send({ type: 'request_analytics' });
    await admin.waitFor('active_users_update', (d) => d.count === 0);
    const crawler = await open(a!.wsUrl, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    await crawler.waitFor('connection_info', (d) => d.role === 'visitor');
    crawler.send({ type: 'user_active', data: visitorActivity({ currentPage: '/' }) });
    // A person after the crawler: the first update that counts anyone must count only the person.
    const person = await open(a!.wsUrl);
    await person.waitFor('connection_info', (d) => d.role === 'visitor');
    const from = admin.messages.length;
    person.send({ type: 'user_active', data: visitorActivity({ currentPage: '/results' }) });
    const update = await admin.waitFor('active_users_update', (d) => d.count > 0, from);
    expect(update.count).toBe(1);
    expect(update.users.map((u) => u.currentPage)).toEqual(['/results']);
  });

  it('never counts a socket with an empty User-Agent as an active user', async () => {
    const [a] = await startInstances(1);
    const admin = await openAdmin(a!.wsUrl);
    admin.send({ type: 'request_analytics' });
    await admin.waitFor('active_users_update', (d) => d.count === 0);
    const noAgent = await open(a!.wsUrl, { headers: { 'user-agent': '' } });
    await noAgent.waitFor('connection_info', (d) => d.role === 'visitor');
    noAgent.send({ type: 'user_active', data: visitorActivity({ currentPage: '/' }) });
    // A person after it: the first update that counts anyone must count only the person.
    const person = await open(a!.wsUrl);
    await person.waitFor('connection_info', (d) => d.role === 'visitor');
    const from = admin.messages.length;
    person.send({ type: 'user_active', data: visitorActivity({ currentPage: '/results' }) });
    const update = await admin.waitFor('active_users_update', (d) => d.count > 0, from);
    expect(update.count).toBe(1);
    expect(update.users.map((u) => u.currentPage)).toEqual(['/results']);
  });

  it('shows page changes, and lists at most 10 visitors, the most recent first', async () => {
    const [a, b] = await startInstances(2, { activeWindowMs: 60_000 });
    const admin = await openAdmin(b!.wsUrl);
    const activities = Array.from({ length: 12 }, () => visitorActivity());
    const visitors = await Promise.all(activities.map(() => open(a!.wsUrl)));
    for (const [i, v] of visitors.entries()) {
      v.send({ type: 'user_active', data: activities[i] });
      // Each visitor is heard from at a distinct moment, so "most recent first" has one answer.
      await admin.waitFor('active_users_update', (d) => d.count === i + 1);
    }
    visitors[0]!.send({
      type: 'user_page_change',
      data: {
        visitorId: activities[0]!.visitorId,
        sessionId: activities[0]!.sessionId,
        currentPage: '/contact',
      },
    });

    const update = await admin.waitFor('active_users_update', (d) => d.users[0]?.currentPage === '/contact');
    expect(update.count).toBe(12);
    expect(update.users.map((u) => u.visitorId)).toEqual(
      [activities[0], ...activities.slice(3).reverse()].map((x) => x!.visitorId),
    );
  });

  it('tells admins on every instance that the analytics changed when the aggregator announces it', async () => {
    const [a, b] = await startInstances(2);
    const adminA = await openAdmin(a!.wsUrl);
    const adminB = await openAdmin(b!.wsUrl);
    const visitor = await open(a!.wsUrl);
    await visitor.waitFor('connection_info');

    await redis.publish(
      analyticsChangedChannel(testbed.keyPrefix),
      JSON.stringify({ changedAt: '2026-11-21T10:00:00.000Z', topics: ['tracking.page-visit.v1'] }),
    );
    for (const admin of [adminA, adminB]) {
      expect(await admin.waitFor('analytics_update')).toEqual({
        changedAt: '2026-11-21T10:00:00.000Z',
        topics: ['tracking.page-visit.v1'],
      });
    }
    // An admin asking for analytics gets the live list and when the read models last moved.
    const from = adminA.messages.length;
    adminA.send({ type: 'request_analytics' });
    await adminA.waitFor('active_users_update', () => true, from);
    expect(await adminA.waitFor('analytics_update', () => true, from)).toEqual({
      changedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(visitor.messages.map((m) => m.type)).toEqual(['connection_info']);
  });
});

describe('visitor sockets', () => {
  it('never receive anything about other visitors', async () => {
    const [a, b] = await startInstances(2);
    const admin = await openAdmin(b!.wsUrl);
    const watcherOnA = await open(a!.wsUrl);
    const watcherOnB = await open(b!.wsUrl);
    const sender = await open(a!.wsUrl);
    await Promise.all([watcherOnA, watcherOnB, sender].map((s) => s.waitFor('connection_info')));

    sender.send({ type: 'user_active', data: visitorActivity() });
    // The admin saw the visitor arrive and then leave: every broadcast of that span has gone out.
    await admin.waitFor('active_users_update', (d) => d.count === 1);
    await admin.waitFor(
      'active_users_update',
      (d) => d.count === 0,
      admin.messages.findIndex((m) => m.type === 'active_users_update' && m.data.count === 1),
    );

    for (const s of [watcherOnA, watcherOnB, sender]) {
      expect(s.messages).toEqual([
        { type: 'connection_info', data: { role: 'visitor', updateIntervalMs: 200 } },
      ]);
    }
  });

  it('are refused the admin-only request_analytics', async () => {
    const [a] = await startInstances(1);
    const visitor = await open(a!.wsUrl);
    visitor.send({ type: 'request_analytics' });
    expect(await visitor.waitFor('error')).toEqual({ code: 'unauthorized' });
    expect(visitor.ofType('active_users_update')).toEqual([]);
    expect(visitor.isOpen).toBe(true);
  });

  it('report for one visitor only', async () => {
    const [a] = await startInstances(1, { activeWindowMs: 60_000 });
    const admin = await openAdmin(a!.wsUrl);
    const visitor = await open(a!.wsUrl);
    const first = visitorActivity();
    visitor.send({ type: 'user_active', data: first });
    visitor.send({ type: 'user_active', data: visitorActivity() });
    expect(await visitor.waitFor('error')).toMatchObject({ code: 'visitor_mismatch' });
    const update = await admin.waitFor('active_users_update', (d) => d.count === 1);
    expect(update.users.map((u) => u.visitorId)).toEqual([first.visitorId]);
  });
});

describe('admin sockets', () => {
  it('are accepted with a valid session cookie or bearer token, and told the update frequency', async () => {
    const [a] = await startInstances(1);
    const admin = await createAdminWithSession(testbed.db);
    const byCookie = await open(a!.wsUrl, { query: 'role=admin', headers: admin.cookie });
    const byBearer = await open(a!.wsUrl, { headers: admin.bearer });
    for (const s of [byCookie, byBearer]) {
      expect(await s.waitFor('connection_info')).toEqual({ role: 'admin', updateIntervalMs: 200 });
      expect(await s.waitFor('active_users_update')).toEqual({ count: 0, users: [] });
    }
    expect(a!.app.live.openSockets()).toEqual({ admin: 2, visitor: 0, pending: 0 });
  });

  it('are refused without a session', async () => {
    const [a] = await startInstances(1, { authTimeoutMs: 300 });
    const socket = await open(a!.wsUrl, { query: 'role=admin' });
    expect(await socket.closed).toEqual({ code: liveCloseCodes.unauthorized, reason: 'unauthorized' });
    expect(socket.messages).toEqual([]);
  });

  it('are refused with an expired session, an unknown one, or one of a deactivated admin', async () => {
    const [a] = await startInstances(1);
    const expired = await createAdminWithSession(testbed.db, { expiresAt: new Date(Date.now() - 1000) });
    const inactive = await createAdminWithSession(testbed.db, { isActive: false });
    for (const headers of [expired.cookie, inactive.cookie, { cookie: 'bm_admin_session=made-up' }]) {
      const socket = await open(a!.wsUrl, { query: 'role=admin', headers });
      expect((await socket.closed).code).toBe(liveCloseCodes.unauthorized);
      expect(socket.messages).toEqual([]);
    }
  });

  it('may authenticate with a first auth message instead of the cookie', async () => {
    const [a] = await startInstances(1);
    const admin = await createAdminWithSession(testbed.db);
    const socket = await open(a!.wsUrl, { query: 'role=admin' });
    socket.send({ type: 'auth', data: { sessionId: admin.sessionId } });
    socket.send({ type: 'request_analytics' });
    expect(await socket.waitFor('connection_info')).toEqual({ role: 'admin', updateIntervalMs: 200 });
    await socket.waitFor('analytics_update');

    // A visitor socket can become admin the same way; a wrong session closes it.
    const upgraded = await open(a!.wsUrl);
    upgraded.send({ type: 'auth', data: { sessionId: admin.sessionId } });
    await upgraded.waitFor('connection_info', (d) => d.role === 'admin');
    const wrong = await open(a!.wsUrl);
    wrong.send({ type: 'auth', data: { sessionId: 'made-up' } });
    expect((await wrong.closed).code).toBe(liveCloseCodes.unauthorized);
  });

  it('keep a cookie-authenticated admin connected when the auth message that follows names a stale session', async () => {
    const [a] = await startInstances(1);
    const admin = await createAdminWithSession(testbed.db);
    // What the dashboard does: cookie on the upgrade, then the id it keeps, then request_analytics.
    const socket = await open(a!.wsUrl, { query: 'role=admin', headers: admin.cookie });
    socket.send({ type: 'auth', data: { sessionId: 'an-old-session' } });
    socket.send({ type: 'request_analytics' });
    expect(await socket.waitFor('error')).toEqual({ code: 'unauthorized' });
    await socket.waitFor('analytics_update');
    expect(socket.isOpen).toBe(true);
  });

  it('are refused when the first message of a ?role=admin socket is not auth', async () => {
    const [a] = await startInstances(1);
    const socket = await open(a!.wsUrl, { query: 'role=admin' });
    socket.send({ type: 'request_analytics' });
    expect((await socket.closed).code).toBe(liveCloseCodes.unauthorized);
    expect(socket.ofType('active_users_update')).toEqual([]);
  });

  it('are closed once their session is logged out or expires', async () => {
    const [a] = await startInstances(1, { sessionRecheckMs: 200 });
    const loggedOut = await createAdminWithSession(testbed.db);
    const expiring = await createAdminWithSession(testbed.db);
    const s1 = await open(a!.wsUrl, { query: 'role=admin', headers: loggedOut.cookie });
    const s2 = await open(a!.wsUrl, { query: 'role=admin', headers: expiring.cookie });
    await Promise.all([s1, s2].map((s) => s.waitFor('connection_info')));

    await testbed.db.deleteFrom('admin_sessions').where('session_id', '=', loggedOut.sessionId).execute();
    await testbed.db
      .updateTable('admin_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('session_id', '=', expiring.sessionId)
      .execute();
    expect((await s1.closed).code).toBe(liveCloseCodes.unauthorized);
    expect((await s2.closed).code).toBe(liveCloseCodes.unauthorized);
  });
});

describe('ended sessions', () => {
  /** Resolves with the close code, or rejects when the socket is still open after `ms`. */
  const closedWithin = (socket: TestSocket, ms: number) =>
    Promise.race([
      socket.closed.then((c) => c.code),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
    ]);

  it("close that session's or that admin's sockets on every instance at once when admin-auth announces it", async () => {
    // The periodic re-check is the default minute: only the announcement can close anything here.
    const [a, b] = await startInstances(2);
    const channel = adminSessionsRevokedChannel(testbed.keyPrefix);
    const operator = await createAdminWithSession(testbed.db);
    const secondSession = `${operator.sessionId}-2`;
    await testbed.db
      .insertInto('admin_sessions')
      .values({
        session_id: secondSession,
        admin_id: operator.adminId,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const bystander = await createAdminWithSession(testbed.db);
    const first = await open(a!.wsUrl, { query: 'role=admin', headers: operator.cookie });
    const second = await open(b!.wsUrl, { headers: { authorization: `Bearer ${secondSession}` } });
    const other = await open(a!.wsUrl, { query: 'role=admin', headers: bystander.cookie });
    await Promise.all(
      [first, second, other].map((s) => s.waitFor('connection_info', (d) => d.role === 'admin')),
    );

    // Junk on the channel closes nothing.
    await redis.publish(channel, 'not json');
    await redis.publish(channel, JSON.stringify({}));

    // A logout: that one session.
    await redis.publish(channel, JSON.stringify({ sessionIds: [operator.sessionId] }));
    expect(await closedWithin(first, 2_000)).toBe(liveCloseCodes.unauthorized);
    expect(second.isOpen).toBe(true);

    // A password change or a disabled admin: every session of that admin, on whichever instance.
    await redis.publish(channel, JSON.stringify({ adminId: operator.adminId }));
    expect(await closedWithin(second, 2_000)).toBe(liveCloseCodes.unauthorized);
    expect(other.isOpen).toBe(true);
    expect(a!.app.live.openSockets()).toEqual({ admin: 1, visitor: 0, pending: 0 });
  });
});

describe('bounds', () => {
  it('closes a socket that sends more than 4 KB, and keeps serving the others', async () => {
    const [a] = await startInstances(1);
    const other = await open(a!.wsUrl);
    const big = await open(a!.wsUrl);
    big.send({ type: 'user_active', data: visitorActivity({ currentPage: '/'.repeat(5000) }) });
    expect((await big.closed).code).toBe(liveCloseCodes.messageTooBig);

    expect(other.isOpen).toBe(true);
    other.send({ type: 'request_analytics' });
    await other.waitFor('error', (d) => d.code === 'unauthorized');
    const health = await fetch(`${a!.httpUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it('answers malformed messages with an error and keeps the socket open', async () => {
    const [a] = await startInstances(1, { activeWindowMs: 60_000 });
    const admin = await openAdmin(a!.wsUrl);
    const visitor = await open(a!.wsUrl);
    visitor.send('{not json');
    visitor.send({ type: 'user_active', data: { visitorId: 'v' } });
    visitor.send({ type: 'make_me_admin' });
    visitor.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await eventually(async () => expect(visitor.ofType('error')).toHaveLength(4));
    expect(visitor.ofType('error').map((e) => e.data.code)).toEqual(Array(4).fill('invalid_message'));
    expect(visitor.ofType('error')[0]!.data.message).toBe('message is not valid JSON');
    expect(visitor.ofType('error')[1]!.data.message).toMatch(/^data\.sessionId/);

    // Still open, still heard.
    const activity = visitorActivity();
    visitor.send({ type: 'user_active', data: activity });
    const update = await admin.waitFor('active_users_update', (d) => d.count === 1);
    expect(update.users[0]?.visitorId).toBe(activity.visitorId);
  });

  it('drops messages over the rate limit and closes a socket that keeps flooding', async () => {
    const [a] = await startInstances(1, { rateLimit: { messages: 5, windowMs: 60_000 } });
    const visitor = await open(a!.wsUrl);
    for (let i = 0; i < 6; i++) visitor.send({ type: 'request_analytics' });
    expect(await visitor.waitFor('error', (d) => d.code === 'rate_limited')).toEqual({
      code: 'rate_limited',
    });
    await eventually(async () => expect(visitor.ofType('error')).toHaveLength(6));
    expect(visitor.isOpen).toBe(true);

    for (let i = 0; i < 10; i++) visitor.send({ type: 'request_analytics' });
    expect((await visitor.closed).code).toBe(liveCloseCodes.policyViolation);
    // One rate_limited reply per window, not one per dropped message.
    expect(visitor.ofType('error').filter((e) => e.data.code === 'rate_limited')).toHaveLength(1);
  });

  it('refuses more sockets from one address than configured', async () => {
    const [a] = await startInstances(1, { maxSocketsPerIp: 2 });
    const first = await open(a!.wsUrl);
    const second = await open(a!.wsUrl);
    const third = await open(a!.wsUrl);
    expect((await third.closed).code).toBe(liveCloseCodes.policyViolation);
    expect(first.isOpen && second.isOpen).toBe(true);
    expect(a!.app.live.openSockets()).toEqual({ admin: 0, visitor: 2, pending: 0 });
  });
});
