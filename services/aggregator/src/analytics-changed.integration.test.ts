// The aggregator's "analytics changed" notice reaches the live service the same in both modes — on the
// Redis channel (distributed) and by a call into live (embedded) — because both go through the one
// notifier and are read by the one schema: an admin socket gets the same analytics_update either way.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '@bodymetrics/bus';
import {
  analyticsChangedNotice,
  notifierOf,
  topics,
  type JourneyEvent,
  type NoticeTransport,
  type AnalyticsChangedNotice,
} from '@bodymetrics/contracts';
import {
  createAdminWithSession,
  startLive,
  TestSocket,
  type RunningLive,
} from '@bodymetrics/live/test-support';
import { createTestDatabase, testInfra, uniqueTag, type TestDatabase } from '@bodymetrics/testing';
import { startAggregator, type Aggregator } from './app';

let database: TestDatabase;
let redis: Redis;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  database = await createTestDatabase('analytics_changed');
  redis = new Redis(testInfra().redisUrl);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  redis?.disconnect();
  await database?.drop();
});

const step: JourneyEvent = {
  visitorId: 'visitor-notice',
  sessionId: 'session-notice',
  step: 'form_started',
  storageAllowed: true,
  ipAddress: null,
  requestUserAgent: null,
};

/** One journey step through an aggregator whose notices travel the given way; what the admin socket got. */
async function updateAfterOneStep(mode: 'redis' | 'memory') {
  const keyPrefix = `test:${uniqueTag()}:`;
  const live: RunningLive = await startLive({
    db: database.db,
    presence: mode,
    redisUrl: testInfra().redisUrl,
    keyPrefix,
    analyticsThrottleMs: 10,
  });
  cleanups.push(() => live.close());
  const { cookie } = await createAdminWithSession(database.db);
  const admin = await TestSocket.open(live.wsUrl, { query: 'role=admin', headers: cookie });
  cleanups.push(() => admin.close());
  await admin.waitFor('connection_info', (d) => d.role === 'admin');

  const transport: NoticeTransport<AnalyticsChangedNotice> =
    mode === 'redis' ? { redis, keyPrefix } : { inProcess: live.app.live.announceAnalyticsChanged };
  const bus = new InProcessBus();
  const aggregator: Aggregator = await startAggregator({
    db: database.db,
    bus,
    timeZone: 'Europe/Bucharest',
    groupId: `aggregator-${mode}`,
    notify: notifierOf(analyticsChangedNotice, transport),
  });
  cleanups.push(async () => {
    await aggregator.shutdown();
    await bus.close();
  });
  await bus.publish(topics.journey, step);
  const update = await admin.waitFor('analytics_update');
  return { update, appliedAt: aggregator.healthcheck().lastAppliedAt };
}

describe('the analytics-changed notice', () => {
  it('gives an admin the same analytics_update through Redis (distributed) and in-process (embedded)', async () => {
    const distributed = await updateAfterOneStep('redis');
    const embedded = await updateAfterOneStep('memory');
    expect(distributed.update).toEqual({ changedAt: distributed.appliedAt, topics: [topics.journey.name] });
    expect(embedded.update).toEqual({ changedAt: embedded.appliedAt, topics: [topics.journey.name] });
  });

  it('is refused by its schema before it is sent', async () => {
    const sent: unknown[] = [];
    const notify = notifierOf(analyticsChangedNotice, { inProcess: (n) => void sent.push(n) });
    await expect(notify({ changedAt: 'yesterday', topics: [topics.journey.name] })).rejects.toThrow();
    await expect(
      notify({ changedAt: '2026-11-21T10:00:00.000Z', topics: ['tracking.unknown.v1'] }),
    ).rejects.toThrow(/not a tracking topic/);
    await expect(
      notify({ changedAt: '2026-11-21T10:00:00.000Z', topics: [topics.journey.name], events: 3 } as never),
    ).rejects.toThrow();
    expect(sent).toEqual([]);
  });
});
