// The migration that partitions the raw tables by month (2026-11-23T1240_monthly_partitions), against a real
// Postgres: the database is taken back to the migration before it, raw rows of two months are written in the
// old shape (key: event id), and migrating again keeps every row — each in its month's partition, under the
// new key (event id, time) and the old index names; a migrated event delivered again (or retried by its
// client) still counts nothing; rolling back gives the rows back to unpartitioned tables keyed by event id.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { topics, type Envelope } from '@bodymetrics/contracts';
import {
  migrateTo,
  migrateToLatest,
  monthPartitionName,
  monthsAhead,
  monthStartOf,
  partitionedRawTables,
} from '@bodymetrics/db';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const before = '2026-11-23T1200_offer_impressions';
const september = '2026-09-14T08:30:00.000Z';
const now = new Date();
const recent = new Date(now.getTime() - 60_000).toISOString();
const id = (n: number) => `0193a5c0-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** One row per raw table at `at`, ids n…n+7, written as the old schema took them. */
async function oldShapedRows(db: TestDatabase['db'], at: string, n: number, visitor: string): Promise<void> {
  const date = at.slice(0, 10);
  await sql`insert into page_visits (event_id, visitor_id, session_id, page_url, device_type, browser_name,
      operating_system, screen_resolution, language, time_zone, visited_at, visit_date)
    values (${id(n)}, ${visitor}, ${`s-${visitor}`}, '/', 'desktop', 'Firefox', 'Linux', '1280x800', 'ro-RO', 'UTC',
      ${at}, ${date})`.execute(db);
  await sql`insert into page_leaves (event_id, visitor_id, session_id, page_url, left_at)
    values (${id(n + 1)}, ${visitor}, ${`s-${visitor}`}, '/', ${at})`.execute(db);
  await sql`insert into session_durations (event_id, visitor_id, session_id, session_duration, page_url, recorded_at, record_date)
    values (${id(n + 2)}, ${visitor}, ${`s-${visitor}`}, 42, '/', ${at}, ${date})`.execute(db);
  await sql`insert into user_journey (event_id, visitor_id, session_id, step, step_data, timestamp, journey_date)
    values (${id(n + 3)}, ${visitor}, ${`s-${visitor}`}, 'landing', '{"a":1}', ${at}, ${date})`.execute(db);
  await sql`insert into affiliate_clicks (event_id, offer_id, visitor_id, source, clicked_at, click_date, is_bot)
    values (${id(n + 4)}, 1, ${visitor}, 'results', ${at}, ${date}, false)`.execute(db);
  await sql`insert into offer_counter_clicks (event_id, offer_id, clicked_at)
    values (${id(n + 5)}, 1, ${at})`.execute(db);
  await sql`insert into form_snapshots (event_id, visitor_id, form_data, client_timestamp, received_at)
    values (${id(n + 6)}, ${visitor}, '{"age":30}', '1763700000000', ${at})`.execute(db);
  await sql`insert into offer_impressions (event_id, visitor_id, session_id, placement, offer_ids, shown_at)
    values (${id(n + 7)}, ${visitor}, ${`s-${visitor}`}, 'bridge', '{1}', ${at})`.execute(db);
}

const rowsOf = async (db: TestDatabase['db'], table: string) =>
  (
    await sql<{ event_id: string; partition: string }>`
      select event_id, tableoid::regclass::text as partition from ${sql.table(table)} order by event_id
    `.execute(db)
  ).rows;

const keyOf = async (db: TestDatabase['db'], table: string) =>
  (
    await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = to_regclass(${table}) and contype = 'p'
    `.execute(db)
  ).rows[0]?.def;

const indexNames = async (db: TestDatabase['db'], table: string) =>
  (
    await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table} order by 1
    `.execute(db)
  ).rows.map((r) => r.indexname);

const timeColumn = {
  page_visits: 'visited_at',
  page_leaves: 'left_at',
  session_durations: 'recorded_at',
  user_journey: '"timestamp"', // quoted by Postgres: a type name
  affiliate_clicks: 'clicked_at',
  offer_counter_clicks: 'clicked_at',
  form_snapshots: 'received_at',
  offer_impressions: 'shown_at',
} as const;

describe('partitioning the raw tables by month', () => {
  it.beforeAll(async ({ database }) => {
    const { db } = database;
    await migrateTo(db, before);
    await oldShapedRows(db, september, 1, 'in-september');
    await oldShapedRows(db, recent, 11, 'this-month');
    await migrateToLatest(db);
  });

  it('keeps every stored row, each in its month, under the key (event id, time) and the old index names', async ({
    database,
  }) => {
    const { db } = database;
    for (const [i, table] of partitionedRawTables.entries()) {
      expect(await rowsOf(db, table), table).toEqual([
        { event_id: id(1 + i), partition: monthPartitionName(table, new Date(september)) },
        { event_id: id(11 + i), partition: monthPartitionName(table, new Date(recent)) },
      ]);
      expect(await keyOf(db, table), table).toBe(`PRIMARY KEY (event_id, ${timeColumn[table]})`);
      const relkind = await sql<{
        relkind: string;
      }>`select relkind from pg_class where oid = to_regclass(${table})`.execute(db);
      expect(relkind.rows[0]?.relkind, table).toBe('p');
    }
    expect(await indexNames(db, 'affiliate_clicks')).toEqual([
      'affiliate_clicks_click_id_idx',
      'affiliate_clicks_clicked_at_idx',
      // The click verdict's look-ups by network and by visitor (a later migration).
      'affiliate_clicks_network_idx',
      'affiliate_clicks_offer_idx',
      'affiliate_clicks_pkey',
      'affiliate_clicks_visitor_key_idx',
    ]);
    expect(await indexNames(db, 'user_journey')).toEqual([
      'user_journey_pkey',
      'user_journey_timestamp_idx',
      'user_journey_visitor_idx',
    ]);
    // From the oldest stored month to two months ahead, every month has its partition (none left out between).
    const months = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'page_visits'::regclass order by 1
    `.execute(db);
    const expected: string[] = ['page_visits_default'];
    for (
      let m = monthStartOf(new Date(september));
      m <= monthStartOf(now, monthsAhead);
      m = monthStartOf(m, 1)
    )
      expected.push(monthPartitionName('page_visits', m));
    expect(months.rows.map((r) => r.name)).toEqual(expected.sort());
    // The columns as they were: a journey step's data is still its JSON.
    const step = await db
      .selectFrom('user_journey')
      .select('step_data')
      .where('event_id', '=', id(4))
      .executeTakeFirst();
    expect(step?.step_data).toEqual({ a: 1 });
  });

  it('counts nothing for a migrated event delivered again, or retried by its client a moment later', async ({
    database,
  }) => {
    const { db } = database;
    const clickAgain = (receivedAt: string) =>
      ({
        id: id(15),
        type: topics.affiliateClick.type,
        version: 1,
        receivedAt,
        payload: {
          offerId: 1,
          visitorId: 'this-month',
          ipAddress: null,
          userAgent: 'Mozilla/5.0',
          referrer: '/',
          source: 'results',
          requestUserAgent: 'Mozilla/5.0',
          isBot: false,
        },
      }) as Envelope<unknown>;
    for (const at of [recent, new Date(new Date(recent).getTime() + 5_000).toISOString()])
      await db
        .transaction()
        .execute((trx) =>
          applyBatchToDb(trx, { topic: topics.affiliateClick, events: [clickAgain(at)] }, 'UTC'),
        );
    expect(await rowsOf(db, 'affiliate_clicks')).toHaveLength(2);
    const day = await db
      .selectFrom('affiliate_daily_clicks')
      .select('clicks')
      .where('date', '=', recent.slice(0, 10))
      .executeTakeFirst();
    expect(day).toBeUndefined();
  });

  it('gives the rows back to unpartitioned tables keyed by event id when the release is rolled back', async ({
    database,
  }) => {
    const { db } = database;
    await migrateTo(db, before);
    for (const [i, table] of partitionedRawTables.entries()) {
      expect(await rowsOf(db, table), table).toEqual([
        { event_id: id(1 + i), partition: table },
        { event_id: id(11 + i), partition: table },
      ]);
      expect(await keyOf(db, table), table).toBe('PRIMARY KEY (event_id)');
    }
    expect(await indexNames(db, 'page_visits')).toEqual([
      'page_visits_pkey',
      'page_visits_visited_at_idx',
      'page_visits_visitor_idx',
    ]);
    await migrateToLatest(db);
    expect(await rowsOf(db, 'page_visits')).toHaveLength(2);
  });
});
