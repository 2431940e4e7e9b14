// The aggregator process killed with SIGKILL mid-stream, twice, and started again: every published event
// is in the raw tables once and counted once in the aggregates (the transaction and the offset commit
// are not atomic together; idempotency by event id closes that gap).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { topics } from '@bodymetrics/contracts';
import { eventually, funnelDays, testInfra, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';

const visitors = 3000;
const pagesPerVisitor = 3;
const steps = ['landing', 'form_started', 'form_completed'] as const;
const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));

function startAggregatorProcess(database: TestDatabase, topicPrefix: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testInfra().kafkaBrokers.join(','),
      TOPIC_PREFIX: topicPrefix,
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: `${topicPrefix}`,
      PORT: '0',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
}

const count = async (db: TestDatabase['db'], table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0;

describe('aggregator killed with SIGKILL mid-stream', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let child: ChildProcess | undefined;

  it.beforeAll(async ({ database: fileDatabase, bus }) => {
    database = fileDatabase;
    testBus = bus;
    const sends: Promise<unknown>[] = [];
    for (let v = 0; v < visitors; v++) {
      const visitorId = `crash-visitor-${v}`;
      for (let p = 0; p < pagesPerVisitor; p++) {
        sends.push(
          testBus.bus.publish(topics.pageVisit, {
            kind: 'visit',
            visitorId,
            sessionId: `crash-session-${v}`,
            pageUrl: `https://bodymetrics.example/page-${p}`,
            deviceType: v % 2 ? 'mobile' : 'desktop',
            browserName: 'Firefox',
            operatingSystem: 'Linux',
            screenResolution: '1280x800',
            language: 'ro-RO',
            timeZone: 'Europe/Bucharest',
            isReturningVisitor: 0,
            trafficSource: { source: 'direct', medium: 'none' },
            ipAddress: null,
            requestUserAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
            isBot: false,
          }),
        );
      }
      for (const step of steps)
        sends.push(
          testBus.bus.publish(topics.journey, {
            visitorId,
            sessionId: `crash-session-${v}`,
            step,
            ipAddress: null,
            requestUserAgent: null,
          }),
        );
    }
    await Promise.all(sends);
    return () => void child?.kill('SIGKILL');
  }, 120_000);

  it('counts each event exactly once after two kills and a restart', async () => {
    const total = visitors * pagesPerVisitor;
    for (let kill = 0; kill < 2; kill++) {
      child = startAggregatorProcess(database, testBus.topicPrefix);
      const startedWith = await count(database.db, 'page_visits');
      // Kill as soon as this run has applied something, i.e. mid-stream.
      await eventually(
        async () =>
          expect(
            (await count(database.db, 'page_visits')) + (await count(database.db, 'user_journey')),
          ).toBeGreaterThan(startedWith),
        {
          timeoutMs: 60_000,
          intervalMs: 20,
        },
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    expect(await count(database.db, 'page_visits')).toBeLessThan(total + 1);
    child = startAggregatorProcess(database, testBus.topicPrefix);
    await eventually(
      async () => {
        expect(await count(database.db, 'page_visits')).toBe(total);
        expect(await count(database.db, 'user_journey')).toBe(visitors * steps.length);
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    const daily = await database.db
      .selectFrom('daily_visits')
      .select(['unique_visitors', 'total_page_views', 'sessions', 'bounced_sessions', 'mobile_visitors'])
      .execute();
    // The events were all received within moments of each other: one day (two if the run straddles midnight).
    const sum = (k: keyof (typeof daily)[number]) => daily.reduce((s, r) => s + Number(r[k]), 0);
    expect(sum('total_page_views')).toBe(total);
    expect(sum('sessions')).toBe(visitors);
    expect(sum('bounced_sessions')).toBe(0);
    if (daily.length === 1) {
      expect(sum('unique_visitors')).toBe(visitors);
      expect(sum('mobile_visitors')).toBe(visitors / 2);
    }
    const funnel = await funnelDays(database.db);
    expect(funnel.reduce((s, r) => s + r.landing_visitors, 0)).toBe(visitors);
    expect(funnel.reduce((s, r) => s + r.form_completed, 0)).toBe(visitors);
    const metrics = await sql<{ n: number; views: number; visits: number }>`
      select count(*)::int as n, sum(total_page_views)::int as views, sum(total_visits)::int as visits from session_metrics`.execute(
      database.db,
    );
    expect(metrics.rows[0]).toEqual({ n: visitors, views: total, visits: visitors });
  }, 300_000);
});
