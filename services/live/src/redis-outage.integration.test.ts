// Redis going away and coming back, for real: the live instance reaches Redis through a TCP relay that the
// test cuts and restores (the Redis server itself is shared and stays up).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { liveCloseCodes } from '@bodymetrics/contracts';
import { eventually, testInfra, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import {
  createAdminWithSession,
  startLive,
  TestSocket,
  visitorActivity,
  type RunningLive,
} from './test-support';

/** A TCP relay to the real Redis that can be cut (every connection dropped, port closed) and restored. */
class RedisRelay {
  private server = net.createServer();
  private readonly open = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async start(port = 0): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 6379), this.target.hostname);
      for (const s of [client, upstream]) {
        this.open.add(s);
        s.on('error', () => {});
        s.on('close', () => this.open.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.open) s.destroy();
    await closed;
  }

  restore(): Promise<void> {
    return this.start(this.port);
  }
}

let testDb: TestDatabase;
let relay: RedisRelay;
let live: RunningLive;

it.beforeAll(async ({ database, keyPrefix }) => {
  testDb = database;
  relay = new RedisRelay(new URL(testInfra().redisUrl));
  await relay.start();
  live = await startLive({
    db: testDb.db,
    presence: 'redis',
    redisUrl: `redis://127.0.0.1:${relay.port}`,
    keyPrefix,
    activeWindowMs: 60_000,
    // No periodic refresh during the test: an update the admin gets can only have come through pub/sub.
    sweepIntervalMs: 600_000,
  });
  return async () => {
    await live.close();
    await relay.cut().catch(() => {});
  };
});

const readiness = async () => {
  const res = await fetch(`${live.httpUrl}/readyz`);
  return { status: res.status, body: (await res.json()) as { checks: Record<string, string> } };
};

describe('Redis going away', () => {
  it('closes admin sockets, keeps visitors connected, reports redis down, and recovers by itself', async () => {
    const { cookie } = await createAdminWithSession(testDb.db);
    const admin = await TestSocket.open(live.wsUrl, { query: 'role=admin', headers: cookie });
    await admin.waitFor('connection_info', (d) => d.role === 'admin');
    const visitor = await TestSocket.open(live.wsUrl);
    await visitor.waitFor('connection_info');
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } },
    });

    await relay.cut();

    // The dashboard learns of it the one way it understands: its socket closes ("Real-time disconnected").
    expect((await admin.closed).code).toBe(liveCloseCodes.unavailable);
    await eventually(async () =>
      expect(await readiness()).toEqual({
        status: 503,
        body: { status: 'not_ready', checks: { postgres: 'ok', redis: 'down' } },
      }),
    );
    const activity = visitorActivity();
    visitor.send({ type: 'user_active', data: activity });
    const refused = await TestSocket.open(live.wsUrl, { query: 'role=admin', headers: cookie });
    expect((await refused.closed).code).toBe(liveCloseCodes.unavailable);
    expect(visitor.isOpen).toBe(true);

    await relay.restore();

    await eventually(async () => expect((await readiness()).status).toBe(200));
    const back = await TestSocket.open(live.wsUrl, { query: 'role=admin', headers: cookie });
    await back.waitFor('connection_info', (d) => d.role === 'admin');
    // The visitor's next heartbeat reaches the admin through the re-subscribed channel.
    visitor.send({ type: 'user_active', data: activity });
    expect(await back.waitFor('active_users_update')).toEqual({ count: 0, users: [] });
    const update = await back.waitFor('active_users_update', (d) => d.count === 1);
    expect(update.users[0]?.visitorId).toBe(activity.visitorId);
    expect(visitor.messages.map((m) => m.type)).toEqual(['connection_info']);
    back.close();
    visitor.close();
  });
});
