// The live list through the live service, in both modes (memory presence as embedded, Redis presence as
// distributed — there across two instances, the admin on one and the visitor on the other): a visitor whose
// last tab closed leaves the admin's live list at once (the window is set to ten minutes here, so only the
// socket closing can explain it), a second open tab keeps them listed, and each row carries the visitor's
// flow stage as their page reported it.
import { describe, expect } from 'vitest';
import { testInfra } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import type { LiveDeps } from './app';
import { useLiveTestbed, visitorActivity } from './test-support';

const testbed = useLiveTestbed();
const tenMinutes = 10 * 60_000;

const modes = {
  memory: { instances: 1, deps: { presence: 'memory' } },
  redis: { instances: 2, deps: { presence: 'redis', redisUrl: testInfra().redisUrl } },
} satisfies Record<string, { instances: number; deps: Partial<LiveDeps> }>;

async function start(mode: keyof typeof modes): Promise<{ adminUrl: string; visitorUrl: string }> {
  const { instances, deps } = modes[mode];
  const started = await testbed.start(instances, {
    // Long window and a slow sweep: neither can take a visitor off the list within the test.
    activeWindowMs: tenMinutes,
    sweepIntervalMs: tenMinutes,
    ...deps,
  });
  return { adminUrl: started[0]!.wsUrl, visitorUrl: started[started.length - 1]!.wsUrl };
}

const open = (url: string, options: { query?: string; headers?: Record<string, string> } = {}) =>
  testbed.open(url, options);
const openAdmin = (url: string) => testbed.openAdmin(url);

describe.each(Object.keys(modes) as (keyof typeof modes)[])('live list (%s)', (mode) => {
  it('drops a visitor off the admin list within a second of their socket closing', async () => {
    const { adminUrl, visitorUrl } = await start(mode);
    const admin = await openAdmin(adminUrl);
    const visitor = await open(visitorUrl);
    const activity = visitorActivity({ currentPage: '/results' });
    visitor.send({ type: 'user_active', data: activity });
    await admin.waitFor('active_users_update', (d) =>
      d.users.some((u) => u.visitorId === activity.visitorId),
    );

    const from = admin.messages.length;
    const closedAt = Date.now();
    visitor.close();
    const update = await admin.waitFor(
      'active_users_update',
      (d) => !d.users.some((u) => u.visitorId === activity.visitorId),
      from,
    );
    expect(Date.now() - closedAt).toBeLessThan(1500);
    expect(update.count).toBe(0);
  });

  it('keeps the visitor listed while another tab of theirs is open; the last one closing drops them', async () => {
    const { adminUrl, visitorUrl } = await start(mode);
    const admin = await openAdmin(adminUrl);
    const activity = visitorActivity();
    const tabA = await open(visitorUrl);
    tabA.send({ type: 'user_active', data: activity });
    await admin.waitFor('active_users_update', (d) =>
      d.users.some((u) => u.visitorId === activity.visitorId),
    );
    const tabB = await open(adminUrl);
    tabB.send({ type: 'user_active', data: activity });
    // The second tab is refused as a reporter (tab A holds the visitor) but counts as an open tab.
    await tabB.waitFor('error', (e) => e.code === 'visitor_mismatch');

    tabA.close();
    await tabA.closed;
    // Let the close be handled, then ask: still listed.
    await new Promise((r) => setTimeout(r, 500));
    let from = admin.messages.length;
    admin.send({ type: 'request_analytics' });
    const stillThere = await admin.waitFor('active_users_update', () => true, from);
    expect(stillThere.users.map((u) => u.visitorId)).toEqual([activity.visitorId]);

    from = admin.messages.length;
    tabB.close();
    const gone = await admin.waitFor('active_users_update', (d) => d.count === 0, from);
    expect(gone.users).toEqual([]);
  });

  it("shows the flow stage the visitor's page reports, with heartbeats and page changes", async () => {
    const { adminUrl, visitorUrl } = await start(mode);
    const admin = await openAdmin(adminUrl);
    const visitor = await open(visitorUrl);
    const activity = visitorActivity({ currentPage: '/', stage: 'bridge' });
    visitor.send({ type: 'user_active', data: activity });
    const shown = await admin.waitFor('active_users_update', (d) => d.users.length === 1);
    expect(shown.users[0]).toMatchObject({
      visitorId: activity.visitorId,
      currentPage: '/',
      stage: 'bridge',
    });

    const from = admin.messages.length;
    visitor.send({
      type: 'user_page_change',
      data: {
        visitorId: activity.visitorId,
        sessionId: activity.sessionId,
        currentPage: '/',
        stage: 'results',
      },
    });
    await admin.waitFor('active_users_update', (d) => d.users[0]?.stage === 'results', from);

    // A stage outside the list is refused, naming the field, and changes nothing.
    visitor.send({ type: 'user_active', data: { ...activity, stage: 'checkout' } });
    const error = await visitor.waitFor('error', (e) => e.code === 'invalid_message');
    expect(error.message).toMatch(/stage/);
    const after = admin.messages.length;
    admin.send({ type: 'request_analytics' });
    const seen = await admin.waitFor('active_users_update', () => true, after);
    expect(seen.users[0]?.stage).toBe('results');
  });
});
