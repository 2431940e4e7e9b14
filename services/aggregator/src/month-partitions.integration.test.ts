// The raw tables partitioned by month, against a real Postgres (and Kafka for the
// aggregator's start): the aggregator makes this month and the next two before it consumes; an event of
// next month lands in next month's partition; a row of a month without a partition lands in the DEFAULT
// one and moves into its month when that is made; and a client's retry of a call (same eventId) whose two
// deliveries fall in different months — two partitions — is stored and counted once, in either order.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { topics, type Envelope, type TopicDefinition } from '@bodymetrics/contracts';
import {
  createMonthPartition,
  ensureMonthPartitions,
  monthPartitionName,
  monthPartitionsOf,
  monthStartOf,
  partitionedRawTables,
} from '@bodymetrics/db';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb, startAggregator } from './app';

const tz = 'UTC';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

const envelope = (topic: TopicDefinition, receivedAt: string, payload: unknown, id: string = randomUUID()) =>
  ({ id, type: topic.type, version: 1, receivedAt, payload }) as Envelope<unknown>;
const pageView = (visitor: string, receivedAt: string, id?: string) =>
  envelope(
    topics.pageVisit,
    receivedAt,
    {
      kind: 'visit',
      visitorId: visitor,
      sessionId: `s-${visitor}`,
      pageUrl: 'https://bodymetrics.example/',
      deviceType: 'desktop',
      browserName: 'Firefox',
      operatingSystem: 'Linux',
      screenResolution: '1280x800',
      language: 'ro-RO',
      timeZone: tz,
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
      ipAddress: null,
      requestUserAgent: firefox,
      isBot: false,
    },
    id,
  );
const resultsClick = (visitor: string, receivedAt: string, id?: string) =>
  envelope(
    topics.affiliateClick,
    receivedAt,
    {
      offerId: 1,
      offerTitle: 'Lean Shake',
      offerUrl: 'https://partner.example.com/lean',
      visitorId: visitor,
      ipAddress: null,
      userAgent: firefox,
      referrer: '/',
      source: 'results',
      requestUserAgent: firefox,
      isBot: false,
    },
    id,
  );

/** One batch, in its own transaction, as the consumer applies it. */
const apply = (db: TestDatabase['db'], topic: TopicDefinition, events: Envelope<unknown>[]) =>
  db.transaction().execute((trx) => applyBatchToDb(trx, { topic, events }, tz));

/** Where each of a table's rows is stored: its partition's name, by visitor. */
async function partitionsOfRows(db: TestDatabase['db'], table: string): Promise<Record<string, string>> {
  const r = await sql<{ visitor_id: string; partition: string }>`
    select visitor_id, tableoid::regclass::text as partition from ${sql.table(table)} order by visitor_id
  `.execute(db);
  return Object.fromEntries(r.rows.map((row) => [row.visitor_id, row.partition]));
}

const dayFigures = async (db: TestDatabase['db'], date: string) =>
  db
    .selectFrom('daily_visits')
    .select(['total_page_views', 'unique_visitors', 'affiliate_clicks'])
    .where('date', '=', date)
    .executeTakeFirst();

describe('raw tables partitioned by month', () => {
  it('the aggregator makes this month and the next two before it consumes', async ({ database, bus }) => {
    const { db } = database;
    const now = new Date();
    const expected = [0, 1, 2].map((n) => monthPartitionName('page_visits', monthStartOf(now, n)));
    // The months ahead gone (as on a database migrated months ago), the aggregator's start makes them again.
    for (const table of partitionedRawTables)
      for (const n of [1, 2])
        await sql`drop table ${sql.table(monthPartitionName(table, monthStartOf(now, n)))}`.execute(db);
    const aggregator = await startAggregator({
      db,
      bus: bus.bus,
      timeZone: tz,
      groupId: `partitions-${randomUUID()}`,
    });
    try {
      for (const table of partitionedRawTables) {
        const names = (await monthPartitionsOf(db, table)).map((p) => p.name);
        expect(names, table).toEqual(
          expect.arrayContaining([0, 1, 2].map((n) => monthPartitionName(table, monthStartOf(now, n)))),
        );
      }
      expect((await monthPartitionsOf(db, 'page_visits')).map((p) => p.name)).toEqual(
        expect.arrayContaining(expected),
      );
      // Made already: a second upkeep (another aggregator, the next day) makes nothing.
      expect(await ensureMonthPartitions(db, now)).toEqual([]);
    } finally {
      await aggregator.shutdown();
    }
  });

  it("stores an event of next month in next month's partition", async ({ database }) => {
    const { db } = database;
    const next = monthStartOf(new Date(), 1);
    const at = new Date(next.getTime() + 3_600_000).toISOString();
    await apply(db, topics.pageVisit, [pageView('next-month', at)]);
    await apply(db, topics.affiliateClick, [resultsClick('next-month', at)]);
    expect((await partitionsOfRows(db, 'page_visits'))['next-month']).toBe(
      monthPartitionName('page_visits', next),
    );
    expect((await partitionsOfRows(db, 'affiliate_clicks'))['next-month']).toBe(
      monthPartitionName('affiliate_clicks', next),
    );
    expect(await dayFigures(db, at.slice(0, 10))).toEqual({
      total_page_views: 1,
      unique_visitors: 1,
      affiliate_clicks: 1,
    });
  });

  it('takes a row of a month without a partition in the DEFAULT one, and moves it when the month is made', async ({
    database,
  }) => {
    const { db } = database;
    // Six months ahead: further than the upkeep makes.
    const far = monthStartOf(new Date(), 6);
    const at = new Date(far.getTime() + 86_400_000).toISOString();
    await apply(db, topics.pageVisit, [pageView('far-ahead', at)]);
    expect((await partitionsOfRows(db, 'page_visits'))['far-ahead']).toBe('page_visits_default');

    expect(await createMonthPartition(db, 'page_visits', far)).toBe(true);
    expect((await partitionsOfRows(db, 'page_visits'))['far-ahead']).toBe(
      monthPartitionName('page_visits', far),
    );
    const left = await sql<{ n: number }>`select count(*)::int as n from page_visits_default`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    // Still the same event: delivered again, it counts nothing.
    await apply(db, topics.pageVisit, [
      pageView(
        'far-ahead',
        at,
        (
          await db
            .selectFrom('page_visits')
            .select('event_id')
            .where('visitor_id', '=', 'far-ahead')
            .executeTakeFirstOrThrow()
        ).event_id,
      ),
    ]);
    expect(await dayFigures(db, at.slice(0, 10))).toEqual({
      total_page_views: 1,
      unique_visitors: 1,
      affiliate_clicks: 0,
    });
  });

  it("counts once a client's retry whose two deliveries fall in different months, in either order", async ({
    database,
  }) => {
    const { db } = database;
    // Two month ends in the past, made here: the last seconds of one month and the first of the next.
    const months = ['2026-03-01', '2026-04-01', '2026-05-01'].map((d) => new Date(`${d}T00:00:00Z`));
    for (const table of partitionedRawTables)
      for (const m of months) await createMonthPartition(db, table, m);
    const marchEnd = '2026-03-31T23:59:58.000Z';
    const aprilStart = '2026-04-01T00:00:03.000Z';
    const aprilEnd = '2026-04-30T23:59:59.000Z';
    const mayStart = '2026-05-01T00:00:01.000Z';

    // The call answered 503 (Kafka had the write) at the end of March, retried at the start of April.
    const visitId = randomUUID();
    const clickId = randomUUID();
    await apply(db, topics.pageVisit, [pageView('boundary', marchEnd, visitId)]);
    await apply(db, topics.affiliateClick, [resultsClick('boundary', marchEnd, clickId)]);
    await apply(db, topics.pageVisit, [pageView('boundary', aprilStart, visitId)]);
    await apply(db, topics.affiliateClick, [resultsClick('boundary', aprilStart, clickId)]);
    // The other order (a duplicate beacon overtaking the first copy on its way to Kafka): the later one first.
    const laterFirst = randomUUID();
    await apply(db, topics.pageVisit, [pageView('reversed', mayStart, laterFirst)]);
    await apply(db, topics.pageVisit, [pageView('reversed', aprilEnd, laterFirst)]);

    const stored = await sql<{ visitor_id: string; partition: string }>`
      select visitor_id, tableoid::regclass::text as partition from page_visits
      where visitor_id in ('boundary', 'reversed') order by visitor_id
    `.execute(db);
    expect(stored.rows).toEqual([
      { visitor_id: 'boundary', partition: 'page_visits_p2026_03' },
      { visitor_id: 'reversed', partition: 'page_visits_p2026_05' },
    ]);
    const clicks = await sql<{
      n: number;
    }>`select count(*)::int as n from affiliate_clicks where visitor_id = 'boundary'`.execute(db);
    expect(clicks.rows[0]?.n).toBe(1);
    // By hand: one page view and one click on 31 March, nothing on 1 April; one page view on 1 May only.
    expect(await dayFigures(db, '2026-03-31')).toEqual({
      total_page_views: 1,
      unique_visitors: 1,
      affiliate_clicks: 1,
    });
    expect(await dayFigures(db, '2026-04-01')).toBeUndefined();
    expect(await dayFigures(db, '2026-04-30')).toBeUndefined();
    expect(await dayFigures(db, '2026-05-01')).toEqual({
      total_page_views: 1,
      unique_visitors: 1,
      affiliate_clicks: 0,
    });
  });

  it('still stores twice one id used again after the retry window (a different event, not a retry)', async ({
    database,
  }) => {
    const { db } = database;
    const id = randomUUID();
    await apply(db, topics.pageVisit, [pageView('reused', '2026-03-02T10:00:00.000Z', id)]);
    await apply(db, topics.pageVisit, [pageView('reused', '2026-03-20T10:00:00.000Z', id)]);
    const n = await sql<{
      n: number;
    }>`select count(*)::int as n from page_visits where visitor_id = 'reused'`.execute(db);
    expect(n.rows[0]?.n).toBe(2);
  });
});
