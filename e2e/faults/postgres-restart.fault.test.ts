// Postgres stopped (fast shutdown: every connection cut) and started again under a running aggregator
// while visitors keep sending. The aggregator pauses — the batch in hand is rolled back and retried with
// back-off, nothing is acknowledged to Kafka meanwhile — and resumes by itself: every event counted once,
// none dead-lettered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaBus } from '@bodymetrics/bus';
import { startAggregator, type Aggregator } from '@bodymetrics/aggregator';
import { createDb, type Db } from '@bodymetrics/db';
import {
  findLocalCluster,
  isPostgresUp,
  startPostgres,
  stopPostgres,
} from '@bodymetrics/infra/local/postgres';
import {
  createTestBus,
  createTestDatabase,
  eventually,
  testInfra,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { countRows, rowsPerVisitor, sumColumn } from './src/rows';
import { steadyLoad } from './src/steady-load';
import { desktopChrome, pageVisitBody } from './src/visits';

const downMs = 3_000;

let database: TestDatabase;
let testBus: TestBus;
let aggregatorDb: Db;
let aggregatorBus: KafkaBus;
let aggregator: Aggregator | undefined;
let tracking: ReturnType<typeof buildTracking>;
const retries: string[] = [];
const deadLetters: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('faults_pg_restart');
  testBus = await createTestBus('faults-pg-restart');
  tracking = buildTracking({ bus: testBus.bus, ipStorage: 'truncated', db: database.db });
  // The aggregator's own pool, as in production (main.ts).
  aggregatorDb = createDb({ connectionString: database.url });
  aggregatorBus = new KafkaBus({
    brokers: testInfra().kafkaBrokers,
    clientId: 'faults-pg-aggregator',
    topicPrefix: testBus.topicPrefix,
    sessionTimeoutMs: 6_000,
    // What the bus says while it retries: the errors Postgres gave, to show which ones were retried.
    log: (message, err) => {
      if (message.includes('retrying')) {
        const e = err as { code?: string; message?: string } | undefined;
        retries.push(`${e?.code ?? '-'} ${e?.message ?? ''}`.slice(0, 120));
      }
    },
    onDeadLetter: (letter) => deadLetters.push(letter.reason),
  });
  aggregator = await startAggregator({ db: aggregatorDb, bus: aggregatorBus, timeZone: 'Europe/Bucharest' });
});

afterAll(async () => {
  if (!(await isPostgresUp())) await startPostgres();
  await tracking?.close();
  await aggregator?.shutdown();
  await aggregatorBus?.close();
  await aggregatorDb?.destroy();
  await testBus?.cleanup();
  await database?.drop();
}, 180_000);

describe('Postgres restarted under the aggregator', () => {
  it('pauses, retries, resumes, and loses nothing', async () => {
    const cluster = await findLocalCluster();
    if (!cluster) throw new Error('no local Postgres cluster to restart (pg_lsclusters)');
    const load = steadyLoad(
      async (visitorId) => {
        const res = await tracking.inject({
          method: 'POST',
          url: '/api/analytics/page-visit',
          headers: { 'user-agent': desktopChrome },
          payload: pageVisitBody(visitorId),
        });
        return { status: res.statusCode };
      },
      { concurrency: 20, label: 'pg-restart' },
    );
    let appliedBefore = 0;
    let appliedWhileDown = 0;
    try {
      await eventually(async () => expect(aggregator?.healthcheck().eventsApplied).toBeGreaterThan(500), {
        timeoutMs: 30_000,
      });
      await stopPostgres(cluster);
      appliedBefore = aggregator?.healthcheck().eventsApplied ?? 0;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      // Nothing is acknowledged while Postgres is away (at most the batch committed as it went down).
      appliedWhileDown = (aggregator?.healthcheck().eventsApplied ?? 0) - appliedBefore;
      await startPostgres();
      const back = aggregator?.healthcheck().eventsApplied ?? 0;
      await eventually(
        async () => expect(aggregator?.healthcheck().eventsApplied).toBeGreaterThan(back + 500),
        {
          timeoutMs: 60_000,
          intervalMs: 200,
        },
      );
    } finally {
      await load.stop();
    }

    const answers = load.answers;
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    await eventually(
      async () => {
        const landed = await rowsPerVisitor(database.db, 'page_visits');
        expect(answers.filter((a) => landed.get(a.visitorId) !== 1).length).toBe(0);
        expect(landed.size).toBe(answers.length);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const rows = await countRows(database.db, 'page_visits');
    await eventually(async () =>
      expect(await sumColumn(database.db, 'daily_visits', 'total_page_views')).toBe(rows),
    );
    expect(await sumColumn(database.db, 'daily_visits', 'sessions')).toBe(rows);
    expect(await sumColumn(database.db, 'session_metrics', 'total_page_views')).toBe(rows);
    expect(deadLetters).toEqual([]);

    const kinds = [...new Set(retries.map((r) => r.replace(/\d+/g, 'N')))];
    console.log(
      `[postgres restart] ${answers.length} events sent (all 202), ${rows} landed once each; ` +
        `${appliedWhileDown} applied while down; ${retries.length} batch retries, errors: ${JSON.stringify(kinds)}`,
    );
    expect(retries.length).toBeGreaterThan(0);
  });
});
