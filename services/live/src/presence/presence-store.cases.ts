// The behaviour both presence adapters must share (design.md §3: one interface, two adapters). Run by
// memory-presence.test.ts and redis-presence.integration.test.ts. Every call takes an explicit `now`, so
// nothing here waits on a clock.
import { expect, it } from 'vitest';
import type { LiveActivity } from '@bodymetrics/contracts';
import type { PresenceClaimant, PresenceLimits, PresenceStore } from './presence-store';

export type MakePresenceStore = (activeWindowMs: number, limits?: PresenceLimits) => Promise<PresenceStore>;

const windowMs = 60_000;
const t0 = 1_800_000_000_000;

const activity = (visitorId: string, overrides: Partial<LiveActivity> = {}): LiveActivity => ({
  visitorId,
  sessionId: `session-of-${visitorId}`,
  currentPage: '/',
  deviceType: 'desktop',
  browser: 'Firefox',
  location: 'Bucharest',
  ...overrides,
});

/** Each visitor reported by a connection of its own, all from one documentation network. */
const by = (visitorId: string, network = '192.0.2.0/24'): PresenceClaimant => ({
  connectionId: `connection-of-${visitorId}`,
  network,
});

export function presenceStoreCases(make: MakePresenceStore): void {
  it('shows a visitor who sent a heartbeat, with the details of the activity record', async () => {
    const store = await make(windowMs);
    await store.touch(
      activity('v-1', {
        currentPage: '/results',
        deviceType: 'mobile',
        browser: 'Safari',
        location: 'New York',
      }),
      t0,
      by('v-1'),
    );
    expect(await store.count(t0)).toBe(1);
    expect(await store.list(t0 + 1500, 10)).toEqual([
      {
        visitorId: 'v-1',
        currentPage: '/results',
        deviceType: 'mobile',
        browser: 'Safari',
        timeOnSite: 1,
        location: 'New York',
      },
    ]);
  });

  it('counts time on site from the first heartbeat of the session, and updates the details', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.touch(activity('v-1', { currentPage: '/contact' }), t0 + 30_000, by('v-1'));
    const [user] = await store.list(t0 + 45_000, 10);
    expect(user).toMatchObject({ visitorId: 'v-1', currentPage: '/contact', timeOnSite: 45 });
    expect(await store.count(t0 + 45_000)).toBe(1);
  });

  it('starts time on site over for a new session', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.touch(activity('v-1', { sessionId: 'another-session' }), t0 + 30_000, by('v-1'));
    expect((await store.list(t0 + 40_000, 10))[0]?.timeOnSite).toBe(10);
  });

  it('keeps a visitor active while heard from within the window and drops them after', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    expect(await store.count(t0 + windowMs)).toBe(1);
    expect(await store.count(t0 + windowMs + 1)).toBe(0);
    expect(await store.list(t0 + windowMs + 1, 10)).toEqual([]);
  });

  it('starts time on site over for a visitor who comes back after dropping out', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.touch(activity('v-1'), t0 + windowMs + 5_000, by('v-1'));
    expect((await store.list(t0 + windowMs + 7_000, 10))[0]?.timeOnSite).toBe(2);
  });

  it('lists the most recent activity first and at most the limit', async () => {
    const store = await make(windowMs);
    for (let i = 1; i <= 12; i++) await store.touch(activity(`v-${i}`), t0 + i * 1000, by(`v-${i}`));
    const users = await store.list(t0 + 13_000, 10);
    expect(users.map((u) => u.visitorId)).toEqual([
      'v-12',
      'v-11',
      'v-10',
      'v-9',
      'v-8',
      'v-7',
      'v-6',
      'v-5',
      'v-4',
      'v-3',
    ]);
    expect(await store.count(t0 + 13_000)).toBe(12);
  });

  it('applies a page change of an active visitor and counts it as activity', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.touch(activity('v-2'), t0 + 1000, by('v-2'));
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/results' },
        t0 + 2000,
        by('v-1'),
      ),
    ).toBe(true);
    const users = await store.list(t0 + 2000, 10);
    expect(users.map((u) => [u.visitorId, u.currentPage])).toEqual([
      ['v-1', '/results'],
      ['v-2', '/'],
    ]);
    // Heard from at t0 + 2000, so still active when the first heartbeat alone would have expired.
    expect(await store.count(t0 + windowMs + 1500)).toBe(1);
  });

  it('ignores a page change of a visitor it has never heard from or who dropped out', async () => {
    const store = await make(windowMs);
    expect(
      await store.pageChange({ visitorId: 'v-ghost', sessionId: 's', currentPage: '/x' }, t0, by('v-ghost')),
    ).toBe(false);
    await store.touch(activity('v-1'), t0, by('v-1'));
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/x' },
        t0 + windowMs + 1,
        by('v-1'),
      ),
    ).toBe(false);
    expect(await store.count(t0)).toBe(1);
    expect(await store.count(t0 + windowMs + 1)).toBe(0);
    expect((await store.list(t0, 10)).map((u) => u.visitorId)).toEqual(['v-1']);
  });

  it('never moves a visitor back in time when a heartbeat arrives late', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0 + 10_000, by('v-1'));
    await store.touch(activity('v-1'), t0, by('v-1'));
    expect(await store.count(t0 + windowMs + 5_000)).toBe(1);
  });

  it('removes a visitor', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.touch(activity('v-2'), t0, by('v-2'));
    await store.remove('v-1');
    expect((await store.list(t0, 10)).map((u) => u.visitorId)).toEqual(['v-2']);
    expect(await store.count(t0)).toBe(1);
  });

  it('sweeps out only the visitors who dropped out of the window', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-old'), t0, by('v-old'));
    await store.touch(activity('v-new'), t0 + 30_000, by('v-new'));
    expect(await store.sweep(t0 + windowMs + 1)).toBe(1);
    expect(await store.sweep(t0 + windowMs + 1)).toBe(0);
    expect((await store.list(t0 + windowMs + 1, 10)).map((u) => u.visitorId)).toEqual(['v-new']);
    // A swept visitor who returns is a new arrival, time on site from zero.
    await store.touch(activity('v-old'), t0 + windowMs + 2_000, by('v-old'));
    expect(
      (await store.list(t0 + windowMs + 2_000, 10)).find((u) => u.visitorId === 'v-old')?.timeOnSite,
    ).toBe(0);
  });

  it('uses the window it was given', async () => {
    const store = await make(1500);
    await store.touch(activity('v-1'), t0, by('v-1'));
    expect(await store.count(t0 + 1500)).toBe(1);
    expect(await store.count(t0 + 1501)).toBe(0);
  });

  // ---- who may report a visitor, and how many one network may add ----------------

  it("refuses another connection's heartbeat and page change for a visitor it does not hold", async () => {
    const store = await make(windowMs);
    const holder = { connectionId: 'socket-a', network: '192.0.2.0/24' };
    const intruder = { connectionId: 'socket-b', network: '198.51.100.0/24' };
    expect(await store.touch(activity('v-1', { currentPage: '/results' }), t0, holder)).toBe('recorded');
    expect(await store.touch(activity('v-1', { currentPage: '/spoofed' }), t0 + 1000, intruder)).toBe(
      'held_by_another',
    );
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/spoofed' },
        t0 + 2000,
        intruder,
      ),
    ).toBe(false);
    expect((await store.list(t0 + 3000, 10)).map((u) => u.currentPage)).toEqual(['/results']);
    // The refused reports did not keep the visitor active either.
    expect(await store.count(t0 + windowMs + 1)).toBe(0);
    // The holder still reports.
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/contact' },
        t0 + 4000,
        holder,
      ),
    ).toBe(true);
    expect((await store.list(t0 + 4000, 10)).map((u) => u.currentPage)).toEqual(['/contact']);
  });

  it('lets a new connection take a visitor over once the holder let go (a reload), keeping time on site', async () => {
    const store = await make(windowMs);
    const before = { connectionId: 'socket-before-reload', network: '192.0.2.0/24' };
    const after = { connectionId: 'socket-after-reload', network: '192.0.2.0/24' };
    await store.touch(activity('v-1'), t0, before);
    // Only the holder's release counts: another connection's is a no-op.
    await store.release('v-1', after.connectionId);
    expect(await store.touch(activity('v-1', { currentPage: '/x' }), t0 + 1000, after)).toBe(
      'held_by_another',
    );
    await store.release('v-1', before.connectionId);
    // Still listed until the window passes (a reload must not make the visitor blink off the list).
    expect(await store.count(t0 + 2000)).toBe(1);
    // Unheld: a page change waits for the next heartbeat, which claims the visitor.
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/y' },
        t0 + 2500,
        after,
      ),
    ).toBe(false);
    expect(await store.touch(activity('v-1', { currentPage: '/results' }), t0 + 3000, after)).toBe(
      'recorded',
    );
    expect(await store.list(t0 + 5000, 10)).toEqual([
      expect.objectContaining({ currentPage: '/results', timeOnSite: 5 }),
    ]);
    // And now the old connection is the intruder.
    expect(await store.touch(activity('v-1'), t0 + 6000, before)).toBe('held_by_another');
  });

  it('lets anyone claim a visitor who dropped out of the window', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, { connectionId: 'socket-a', network: '192.0.2.0/24' });
    expect(
      await store.touch(activity('v-1'), t0 + windowMs + 1, {
        connectionId: 'socket-b',
        network: '192.0.2.0/24',
      }),
    ).toBe('recorded');
  });

  it('caps the active visitors of one client network, and frees the places as they leave', async () => {
    const store = await make(windowMs, { maxPerNetwork: 3, maxTotal: 1000 });
    const results: string[] = [];
    for (let i = 1; i <= 5; i++) results.push(await store.touch(activity(`v-${i}`), t0 + i, by(`v-${i}`)));
    expect(results).toEqual(['recorded', 'recorded', 'recorded', 'network_full', 'network_full']);
    expect(await store.count(t0 + 10)).toBe(3);
    // Visitors already listed keep their heartbeats.
    expect(await store.touch(activity('v-2'), t0 + 20, by('v-2'))).toBe('recorded');
    // Another network is not affected.
    expect(await store.touch(activity('v-other'), t0 + 30, by('v-other', '198.51.100.0/24'))).toBe(
      'recorded',
    );
    // An IPv6 /64 is a network like a /24.
    expect(await store.touch(activity('v-v6'), t0 + 40, by('v-v6', '2001:db8:0:1::/64'))).toBe('recorded');
    // Once v-1 and v-3 dropped out (v-2 was heard from again), the network has room for two more.
    const later = t0 + 10 + windowMs;
    expect(await store.touch(activity('v-4'), later, by('v-4'))).toBe('recorded');
    expect(await store.touch(activity('v-5'), later, by('v-5'))).toBe('recorded');
    expect(await store.touch(activity('v-6'), later, by('v-6'))).toBe('network_full');
  });

  it('caps the whole list', async () => {
    const store = await make(windowMs, { maxPerNetwork: 1000, maxTotal: 4 });
    const results: string[] = [];
    for (let i = 1; i <= 6; i++)
      results.push(await store.touch(activity(`v-${i}`), t0 + i, by(`v-${i}`, `203.0.113.${i}/32`)));
    expect(results).toEqual(['recorded', 'recorded', 'recorded', 'recorded', 'full', 'full']);
    expect(await store.count(t0 + 10)).toBe(4);
    expect(await store.touch(activity('v-1'), t0 + 20, by('v-1', '203.0.113.1/32'))).toBe('recorded');
    expect(await store.touch(activity('v-7'), t0 + 10 + windowMs, by('v-7', '203.0.113.7/32'))).toBe(
      'recorded',
    );
  });

  it("moves a visitor who reconnects from another network to that network's count", async () => {
    const store = await make(windowMs, { maxPerNetwork: 1, maxTotal: 1000 });
    const home = { connectionId: 'socket-home', network: '192.0.2.0/24' };
    const mobile = { connectionId: 'socket-mobile', network: '198.51.100.0/24' };
    await store.touch(activity('v-1'), t0, home);
    await store.release('v-1', home.connectionId);
    expect(await store.touch(activity('v-1'), t0 + 1000, mobile)).toBe('recorded');
    // Home has room again; the mobile network is full.
    expect(await store.touch(activity('v-2'), t0 + 2000, by('v-2', home.network))).toBe('recorded');
    expect(await store.touch(activity('v-3'), t0 + 2000, by('v-3', mobile.network))).toBe('network_full');
  });

  it('frees the network place of a removed visitor', async () => {
    const store = await make(windowMs, { maxPerNetwork: 1, maxTotal: 1000 });
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.remove('v-1');
    expect(await store.touch(activity('v-2'), t0 + 1, by('v-2'))).toBe('recorded');
  });

  // A visitor who left drops off the list at once, not when the window passes.
  it('takes a visitor off the list as soon as their last open socket closes', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0, by('v-1'));
    await store.touch(activity('v-2'), t0, by('v-2'));
    expect(await store.release('v-1', by('v-1').connectionId)).toBe(true);
    expect(await store.count(t0 + 1000)).toBe(1);
    expect((await store.list(t0 + 1000, 10)).map((u) => u.visitorId)).toEqual(['v-2']);
    // A page change of the socket that closed changes nothing; a second release reports nothing new.
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/x' },
        t0 + 1500,
        by('v-1'),
      ),
    ).toBe(false);
    expect(await store.release('v-1', by('v-1').connectionId)).toBe(false);
    expect(await store.count(t0 + 2000)).toBe(1);
  });

  it('keeps a visitor listed while another of their tabs (sockets) is still open', async () => {
    const store = await make(windowMs);
    const tabA = { connectionId: 'socket-tab-a', network: '192.0.2.0/24' };
    const tabB = { connectionId: 'socket-tab-b', network: '192.0.2.0/24' };
    expect(await store.touch(activity('v-1'), t0, tabA)).toBe('recorded');
    expect(await store.touch(activity('v-1'), t0 + 500, tabB)).toBe('held_by_another');
    // The holding tab closes: the other one is still open, so the visitor stays…
    expect(await store.release('v-1', tabA.connectionId)).toBe(false);
    expect(await store.count(t0 + 1000)).toBe(1);
    // …and its next heartbeat takes the visitor over.
    expect(await store.touch(activity('v-1'), t0 + 2000, tabB)).toBe('recorded');
    // Its closing is the last one: off the list.
    expect(await store.release('v-1', tabB.connectionId)).toBe(true);
    expect(await store.count(t0 + 3000)).toBe(0);
    expect(await store.list(t0 + 3000, 10)).toEqual([]);
  });

  it('lists a reloaded visitor again at once, keeping the time on site, and frees their network place meanwhile', async () => {
    const store = await make(windowMs, { maxPerNetwork: 1, maxTotal: 1000 });
    const before = { connectionId: 'socket-before-reload', network: '192.0.2.0/24' };
    const after = { connectionId: 'socket-after-reload', network: '192.0.2.0/24' };
    await store.touch(activity('v-1'), t0, before);
    expect(await store.release('v-1', before.connectionId)).toBe(true);
    expect(await store.count(t0 + 1000)).toBe(0);
    expect(await store.touch(activity('v-1', { currentPage: '/contact' }), t0 + 2000, after)).toBe(
      'recorded',
    );
    expect(await store.list(t0 + 5000, 10)).toEqual([
      expect.objectContaining({ visitorId: 'v-1', currentPage: '/contact', timeOnSite: 5 }),
    ]);
    // The place v-1 took again is the network's only one.
    expect(await store.touch(activity('v-2'), t0 + 6000, by('v-2'))).toBe('network_full');
  });

  it('keeps the flow stage a visitor reported, and the one of their page change', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1', { stage: 'form' }), t0, by('v-1'));
    expect((await store.list(t0, 10))[0]?.stage).toBe('form');
    await store.pageChange(
      { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/', stage: 'bridge' },
      t0 + 1000,
      by('v-1'),
    );
    expect((await store.list(t0 + 1000, 10))[0]).toMatchObject({ currentPage: '/', stage: 'bridge' });
    // An older page that reports no stage shows none.
    await store.touch(activity('v-1'), t0 + 2000, by('v-1'));
    expect((await store.list(t0 + 2000, 10))[0]).not.toHaveProperty('stage');
  });
}
