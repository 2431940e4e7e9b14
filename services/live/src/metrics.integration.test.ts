// /metrics of the live service: the sockets open right now, by role, as an operator's dashboard shows
// them (they go up on connect and down on close).
import { describe, expect } from 'vitest';
import { eventually, metricSample, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { createAdminWithSession, startLive, TestSocket, type RunningLive } from './test-support';

let testDb: TestDatabase;
let live: RunningLive;

it.beforeAll(async ({ database }) => {
  testDb = database;
  live = await startLive({ db: testDb.db, presence: 'memory' });
  return () => live.close();
});

const openSockets = async (role: string) =>
  metricSample((await live.app.inject('/metrics')).body, 'live_open_sockets', { service: 'live', role });

describe('live /metrics', () => {
  it('shows open sockets by role, going up and down with the connections', async () => {
    expect(await openSockets('visitor')).toBe(0);
    const { cookie } = await createAdminWithSession(testDb.db);
    const admin = await TestSocket.open(live.wsUrl, { query: 'role=admin', headers: cookie });
    await admin.waitFor('connection_info', (d) => d.role === 'admin');
    const visitors = await Promise.all([TestSocket.open(live.wsUrl), TestSocket.open(live.wsUrl)]);
    await Promise.all(visitors.map((v) => v.waitFor('connection_info')));

    expect(await openSockets('visitor')).toBe(2);
    expect(await openSockets('admin')).toBe(1);
    expect(await openSockets('pending')).toBe(0);

    visitors[0]?.close();
    await eventually(async () => expect(await openSockets('visitor')).toBe(1));
    admin.close();
    visitors[1]?.close();
    await eventually(async () => {
      expect(await openSockets('visitor')).toBe(0);
      expect(await openSockets('admin')).toBe(0);
    });
  });
});
