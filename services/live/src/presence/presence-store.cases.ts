// The behaviour both presence adapters must share (design.md §3: one interface, two adapters). Run by
// memory-presence.test.ts and redis-presence.integration.test.ts. Every call takes an explicit `now`, so
// nothing here waits on a clock.
import { expect, it } from 'vitest';
import type { LiveActivity } from '@bodymetrics/contracts';
import type { PresenceStore } from './presence-store';

export type MakePresenceStore = (activeWindowMs: number) => Promise<PresenceStore>;

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
    await store.touch(activity('v-1'), t0);
    await store.touch(activity('v-1', { currentPage: '/contact' }), t0 + 30_000);
    const [user] = await store.list(t0 + 45_000, 10);
    expect(user).toMatchObject({ visitorId: 'v-1', currentPage: '/contact', timeOnSite: 45 });
    expect(await store.count(t0 + 45_000)).toBe(1);
  });

  it('starts time on site over for a new session', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0);
    await store.touch(activity('v-1', { sessionId: 'another-session' }), t0 + 30_000);
    expect((await store.list(t0 + 40_000, 10))[0]?.timeOnSite).toBe(10);
  });

  it('keeps a visitor active while heard from within the window and drops them after', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0);
    expect(await store.count(t0 + windowMs)).toBe(1);
    expect(await store.count(t0 + windowMs + 1)).toBe(0);
    expect(await store.list(t0 + windowMs + 1, 10)).toEqual([]);
  });

  it('starts time on site over for a visitor who comes back after dropping out', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0);
    await store.touch(activity('v-1'), t0 + windowMs + 5_000);
    expect((await store.list(t0 + windowMs + 7_000, 10))[0]?.timeOnSite).toBe(2);
  });

  it('lists the most recent activity first and at most the limit', async () => {
    const store = await make(windowMs);
    for (let i = 1; i <= 12; i++) await store.touch(activity(`v-${i}`), t0 + i * 1000);
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
    await store.touch(activity('v-1'), t0);
    await store.touch(activity('v-2'), t0 + 1000);
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/results' },
        t0 + 2000,
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
    expect(await store.pageChange({ visitorId: 'v-ghost', sessionId: 's', currentPage: '/x' }, t0)).toBe(
      false,
    );
    await store.touch(activity('v-1'), t0);
    expect(
      await store.pageChange(
        { visitorId: 'v-1', sessionId: 'session-of-v-1', currentPage: '/x' },
        t0 + windowMs + 1,
      ),
    ).toBe(false);
    expect(await store.count(t0)).toBe(1);
    expect(await store.count(t0 + windowMs + 1)).toBe(0);
    expect((await store.list(t0, 10)).map((u) => u.visitorId)).toEqual(['v-1']);
  });

  it('never moves a visitor back in time when a heartbeat arrives late', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0 + 10_000);
    await store.touch(activity('v-1'), t0);
    expect(await store.count(t0 + windowMs + 5_000)).toBe(1);
  });

  it('removes a visitor', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-1'), t0);
    await store.touch(activity('v-2'), t0);
    await store.remove('v-1');
    expect((await store.list(t0, 10)).map((u) => u.visitorId)).toEqual(['v-2']);
    expect(await store.count(t0)).toBe(1);
  });

  it('sweeps out only the visitors who dropped out of the window', async () => {
    const store = await make(windowMs);
    await store.touch(activity('v-old'), t0);
    await store.touch(activity('v-new'), t0 + 30_000);
    expect(await store.sweep(t0 + windowMs + 1)).toBe(1);
    expect(await store.sweep(t0 + windowMs + 1)).toBe(0);
    expect((await store.list(t0 + windowMs + 1, 10)).map((u) => u.visitorId)).toEqual(['v-new']);
    // A swept visitor who returns is a new arrival, time on site from zero.
    await store.touch(activity('v-old'), t0 + windowMs + 2_000);
    expect(
      (await store.list(t0 + windowMs + 2_000, 10)).find((u) => u.visitorId === 'v-old')?.timeOnSite,
    ).toBe(0);
  });

  it('uses the window it was given', async () => {
    const store = await make(1500);
    await store.touch(activity('v-1'), t0);
    expect(await store.count(t0 + 1500)).toBe(1);
    expect(await store.count(t0 + 1501)).toBe(0);
  });
}
