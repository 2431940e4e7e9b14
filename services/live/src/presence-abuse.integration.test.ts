// The live list's abuse resistance through the live service, in both modes (memory presence as embedded, Redis presence
// as distributed — there across two instances): one client network cannot fill the live list with made-up
// visitors, and a socket cannot move another visitor's entry. The client address is the one X-Forwarded-For
// names (the gateway's single hop, trusted by every service), so each test speaks from the network it needs.
import { describe, expect } from 'vitest';
import { testInfra } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import type { LiveDeps } from './app';
import { useLiveTestbed, visitorActivity, type RunningLive, type TestSocket } from './test-support';

const testbed = useLiveTestbed();

const modes = {
  memory: { instances: 1, deps: { presence: 'memory' } },
  redis: { instances: 2, deps: { presence: 'redis', redisUrl: testInfra().redisUrl } },
} satisfies Record<string, { instances: number; deps: Partial<LiveDeps> }>;

const start = (mode: keyof typeof modes, overrides: Partial<LiveDeps> = {}): Promise<RunningLive[]> =>
  testbed.start(modes[mode].instances, {
    activeWindowMs: 60_000,
    sweepIntervalMs: 200,
    ...modes[mode].deps,
    ...overrides,
  });

const open = (
  url: string,
  from: string,
  options: { query?: string; headers?: Record<string, string> } = {},
) => testbed.open(url, { ...options, headers: { 'x-forwarded-for': from, ...options.headers } });
const openAdmin = (url: string) => testbed.openAdmin(url, { 'x-forwarded-for': '10.9.8.7' });

/** The live list as an admin asking right now sees it. */
async function snapshot(admin: TestSocket) {
  const from = admin.messages.length;
  admin.send({ type: 'request_analytics' });
  return admin.waitFor('active_users_update', () => true, from);
}

describe.each(Object.keys(modes) as (keyof typeof modes)[])('live presence abuse (%s)', (mode) => {
  it('120 made-up visitors from one network in 3 s put at most the cap on the list; other networks still show', async () => {
    const instances = await start(mode, { presenceMaxPerNetwork: 20 });
    const admin = await openAdmin(instances[0]!.wsUrl);
    // Sockets from 120 addresses of one /24 (so the per-address socket limit does not stop them), spread
    // over the instances, each claiming a fresh visitor id and staying open (a closed socket's visitor
    // leaves the list at once, so open ones are the stronger attack).
    for (let batch = 0; batch < 12; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const i = batch * 10 + k;
          const s = await open(instances[i % instances.length]!.wsUrl, `203.0.113.${i + 1}`);
          await s.waitFor('connection_info');
          s.send({ type: 'user_active', data: visitorActivity({ visitorId: `fake-${i}` }) });
          await new Promise((r) => setTimeout(r, 20));
        }),
      );
    }
    const real = await open(instances[instances.length - 1]!.wsUrl, '198.51.100.7');
    const visitor = visitorActivity({ currentPage: '/results' });
    real.send({ type: 'user_active', data: visitor });

    await admin.waitFor('active_users_update', (d) => d.users.some((u) => u.visitorId === visitor.visitorId));
    const seen = await snapshot(admin);
    expect(seen.count).toBe(21);
    expect(seen.users.filter((u) => u.visitorId.startsWith('fake-')).length).toBeLessThanOrEqual(20);
  });

  it("socket B sending visitor A's id changes nothing of A's entry, even from another instance", async () => {
    const instances = await start(mode);
    const admin = await openAdmin(instances[0]!.wsUrl);
    const a = await open(instances[0]!.wsUrl, '192.0.2.10');
    const victim = visitorActivity({ currentPage: '/results', browser: 'Firefox' });
    a.send({ type: 'user_active', data: victim });
    await admin.waitFor('active_users_update', (d) => d.users.some((u) => u.visitorId === victim.visitorId));

    const b = await open(instances[instances.length - 1]!.wsUrl, '198.51.100.66');
    b.send({ type: 'user_active', data: { ...victim, currentPage: '/spoofed', browser: 'Evil' } });
    expect(await b.waitFor('error')).toMatchObject({ code: 'visitor_mismatch' });
    b.send({
      type: 'user_page_change',
      data: { visitorId: victim.visitorId, sessionId: victim.sessionId, currentPage: '/spoofed-too' },
    });
    // Wait until B's messages were handled: a ping-pong of its own (request_analytics is refused).
    b.send({ type: 'request_analytics' });
    await b.waitFor('error', (e) => e.code === 'unauthorized');

    const seen = await snapshot(admin);
    expect(seen.users).toEqual([
      expect.objectContaining({ visitorId: victim.visitorId, currentPage: '/results', browser: 'Firefox' }),
    ]);
    // A still reports.
    const from = admin.messages.length;
    a.send({
      type: 'user_page_change',
      data: { visitorId: victim.visitorId, sessionId: victim.sessionId, currentPage: '/contact' },
    });
    await admin.waitFor('active_users_update', (d) => d.users[0]?.currentPage === '/contact', from);
  });

  it('a reload (the old socket closed, a new one opened) takes the visitor over', async () => {
    const instances = await start(mode);
    const admin = await openAdmin(instances[0]!.wsUrl);
    const before = await open(instances[0]!.wsUrl, '192.0.2.10');
    const visitor = visitorActivity({ currentPage: '/' });
    before.send({ type: 'user_active', data: visitor });
    await admin.waitFor('active_users_update', (d) => d.users[0]?.visitorId === visitor.visitorId);
    before.close();
    await before.closed;

    // The reloaded page, perhaps on another instance behind the load balancer.
    const after = await open(instances[instances.length - 1]!.wsUrl, '192.0.2.10');
    await after.waitFor('connection_info');
    // The old socket's release may still be on its way: the new page's heartbeat repeats (every 30 s in
    // the app; here until it lands).
    const from = admin.messages.length;
    const beat = setInterval(
      () => after.send({ type: 'user_active', data: { ...visitor, currentPage: '/results' } }),
      100,
    );
    try {
      await admin.waitFor('active_users_update', (d) => d.users[0]?.currentPage === '/results', from);
    } finally {
      clearInterval(beat);
    }
    expect(after.ofType('error').length).toBeLessThanOrEqual(1);
  });
});
