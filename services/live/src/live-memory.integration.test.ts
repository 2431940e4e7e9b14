// The embedded mode: presence in memory, fan-out in process — the same behaviour an admin sees in the
// distributed mode. Postgres is still real (admin sessions).
import { afterEach, describe, expect } from 'vitest';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import {
  createAdminWithSession,
  startLive,
  TestSocket,
  visitorActivity,
  type RunningLive,
} from './test-support';

let testDb: TestDatabase;
let live: RunningLive;
const sockets: TestSocket[] = [];

it.beforeAll(({ database }) => {
  testDb = database;
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await live?.close();
});

async function open(query = '', headers: Record<string, string> = {}) {
  const socket = await TestSocket.open(live.wsUrl, { query, headers });
  sockets.push(socket);
  return socket;
}

describe('live list in embedded mode (memory presence)', () => {
  it('shows a visitor to the admin, follows their page changes, and drops them after the window', async () => {
    live = await startLive({
      db: testDb.db,
      presence: 'memory',
      activeWindowMs: 1_500,
      sweepIntervalMs: 200,
    });
    const { cookie } = await createAdminWithSession(testDb.db);
    const admin = await open('role=admin', cookie);
    await admin.waitFor('connection_info', (d) => d.role === 'admin');
    const visitor = await open();
    const other = await open();
    await other.waitFor('connection_info');

    const activity = visitorActivity({
      currentPage: '/',
      deviceType: 'desktop',
      browser: 'Firefox',
      location: 'Los Angeles',
    });
    visitor.send({ type: 'user_active', data: activity });
    const arrived = await admin.waitFor('active_users_update', (d) => d.count === 1);
    expect(arrived.users).toEqual([
      {
        visitorId: activity.visitorId,
        currentPage: '/',
        deviceType: 'desktop',
        browser: 'Firefox',
        timeOnSite: expect.any(Number),
        location: 'Los Angeles',
      },
    ]);

    visitor.send({
      type: 'user_page_change',
      data: { visitorId: activity.visitorId, sessionId: activity.sessionId, currentPage: '/results' },
    });
    await admin.waitFor('active_users_update', (d) => d.users[0]?.currentPage === '/results');

    const gone = await admin.waitFor('active_users_update', (d) => d.count === 0, admin.messages.length);
    expect(gone).toEqual({ count: 0, users: [] });
    expect(other.messages.map((m) => m.type)).toEqual(['connection_info']);
    expect(live.app.live.openSockets()).toEqual({ admin: 1, visitor: 2, pending: 0 });
  });

  it('passes the in-process aggregator\'s "analytics changed" to admin sockets only', async () => {
    live = await startLive({ db: testDb.db, presence: 'memory' });
    const { cookie } = await createAdminWithSession(testDb.db);
    const admin = await open('', cookie);
    await admin.waitFor('connection_info', (d) => d.role === 'admin');
    const visitor = await open();
    await visitor.waitFor('connection_info');

    await live.app.live.announceAnalyticsChanged({
      changedAt: '2026-11-21T09:30:00.000Z',
      topics: ['tracking.journey.v1'],
    });
    expect(await admin.waitFor('analytics_update')).toEqual({
      changedAt: '2026-11-21T09:30:00.000Z',
      topics: ['tracking.journey.v1'],
    });
    expect(visitor.messages.map((m) => m.type)).toEqual(['connection_info']);
  });

  it('reports ready without a Redis check', async () => {
    live = await startLive({ db: testDb.db, presence: 'memory' });
    const res = await fetch(`${live.httpUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
  });
});

describe('ended sessions in embedded mode', () => {
  it('admin-auth calls the live service directly and the admin socket closes with 4401 at once', async () => {
    live = await startLive({ db: testDb.db, presence: 'memory' });
    const operator = await createAdminWithSession(testDb.db);
    const bystander = await createAdminWithSession(testDb.db);
    const socket = await open('role=admin', operator.cookie);
    const other = await open('role=admin', bystander.cookie);
    await Promise.all([socket, other].map((s) => s.waitFor('connection_info', (d) => d.role === 'admin')));

    const started = Date.now();
    await live.app.live.announceSessionsRevoked({ adminId: operator.adminId });
    expect((await socket.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(other.isOpen).toBe(true);
  });
});
