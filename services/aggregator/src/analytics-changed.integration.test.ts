// The aggregator's "analytics changed" notice reaches the live service the same in both modes — on the
// Redis channel (distributed) and by a call into live (embedded) — because both go through the one
// notifier and are read by the one schema: an admin socket gets the same analytics_update either way.
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
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
import { testInfra, type TestDatabase } from '@bodymetrics/testing';
import { it, type Closable } from '@bodymetrics/testing/fixtures';
import { startAggregator, type Aggregator } from './app';

let database: TestDatabase;
let redis: Redis;
let filePrefix: string;

it.beforeAll(({ database: fileDatabase, redis: fileRedis, keyPrefix }) => {
  database = fileDatabase;
  redis = fileRedis;
  filePrefix = keyPrefix;
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
async function updateAfterOneStep(
  mode: 'redis' | 'memory',
  closeAfter: <T extends Closable>(closable: T) => T,
) {
  const keyPrefix = `${filePrefix}${mode}:`;
  const live: RunningLive = closeAfter(
    await startLive({
      db: database.db,
      presence: mode,
      redisUrl: testInfra().redisUrl,
      keyPrefix,
      analyticsThrottleMs: 10,
    }),
  );
  const { cookie } = await createAdminWithSession(database.db);
  const admin = closeAfter(await TestSocket.open(live.wsUrl, { query: 'role=admin', headers: cookie }));
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
  closeAfter({
    close: async () => {
      await aggregator.shutdown();
      await bus.close();
    },
  });
  await bus.publish(topics.journey, step);
  const update = await admin.waitFor('analytics_update');
  return { update, appliedAt: aggregator.healthcheck().lastAppliedAt };
}

describe('the analytics-changed notice', () => {
  it('gives an admin the same analytics_update through Redis (distributed) and in-process (embedded)', async ({
    closeAfter,
  }) => {
    const distributed = await updateAfterOneStep('redis', closeAfter);
    const embedded = await updateAfterOneStep('memory', closeAfter);
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
