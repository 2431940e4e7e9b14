// The retention job against real Postgres: rows placed by hand 430 days ago are deleted, rows from 10
// days ago stay, and the daily aggregates (the dashboard's history) are kept whatever their age. Raw events
// go by whole month partitions (dropped once the whole month is past the period: retention rounds up to
// the month); the other tables, and raw rows that sit in a DEFAULT partition, by the exact cutoff.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { eventually, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { aggregatorSettingsFromEnv } from './config';
import { localDate } from './local-date';
import {
  createMonthPartition,
  monthPartitionName,
  monthStartOf,
  partitionedRawTables,
  type PartitionedRawTable,
} from '@bodymetrics/db';
import { deleteExpiredRawEvents, startRetention, type ExpiringTable } from './retention';

const tz = 'Europe/Bucharest';
const day = 86_400_000;
const now = new Date();
// 430 days: the whole month of `old` ends before the 395-day cutoff, whatever today's date (a month is at
// most 31 days), so its partitions go.
const old = new Date(now.getTime() - 430 * day);
const recent = new Date(now.getTime() - 10 * day);

async function placeRows(db: TestDatabase['db'], at: Date, tag: string, copies: number): Promise<void> {
  const date = localDate(at, tz);
  for (let i = 0; i < copies; i++) {
    const visitor = `${tag}-${i}`;
    const session = `${tag}-s${i}`;
    await db
      .insertInto('page_visits')
      .values({
        event_id: randomUUID(),
        visitor_id: visitor,
        session_id: session,
        ip_address: '203.0.113.0',
        user_agent: 'Mozilla/5.0',
        referrer: null,
        page_url: '/',
        device_type: 'desktop',
        browser_name: 'Chrome',
        operating_system: 'Linux',
        screen_resolution: '1920x1080',
        language: 'ro-RO',
        time_zone: tz,
        is_returning_visitor: 0,
        is_bot: false,
        visited_at: at,
        visit_date: date,
      })
      .execute();
    await db
      .insertInto('page_leaves')
      .values({
        event_id: randomUUID(),
        visitor_id: visitor,
        session_id: session,
        page_url: '/',
        left_at: at,
      })
      .execute();
    await db
      .insertInto('session_durations')
      .values({
        event_id: randomUUID(),
        visitor_id: visitor,
        session_id: session,
        session_duration: 30,
        page_url: '/',
        recorded_at: at,
        record_date: date,
      })
      .execute();
    await db
      .insertInto('user_journey')
      .values({
        event_id: randomUUID(),
        visitor_id: visitor,
        session_id: session,
        step: 'landing',
        timestamp: at,
        journey_date: date,
      })
      .execute();
    await db
      .insertInto('affiliate_clicks')
      .values({
        event_id: randomUUID(),
        offer_id: 1,
        visitor_id: visitor,
        source: 'results',
        clicked_at: at,
        click_date: date,
      })
      .execute();
    await db
      .insertInto('form_snapshots')
      .values({ event_id: randomUUID(), visitor_id: visitor, form_data: '{"age":30}', received_at: at })
      .execute();
    await db
      .insertInto('offer_counter_clicks')
      .values({ event_id: randomUUID(), offer_id: 1, clicked_at: at })
      .execute();
    await db.insertInto('daily_visitors').values({ date, visitor_id: visitor }).execute();
    await db
      .insertInto('affiliate_click_visitors')
      .values({ date, offer_id: 1, visitor_id: visitor })
      .execute();
    await db
      .insertInto('funnel_step_visitors')
      .values({ date, step: 'landing', visitor_id: visitor })
      .execute();
    await db
      .insertInto('funnel_visitor_progress')
      .values({ date, visitor_id: visitor, counted_steps: ['landing'] })
      .execute();
    await db
      .insertInto('visitor_sessions')
      .values({
        session_id: session,
        visitor_id: visitor,
        start_date: date,
        started_at: at,
        first_event_at: at,
        last_event_at: at,
        page_views: 1,
      })
      .execute();
    await db
      .insertInto('traffic_sources')
      .values({
        visitor_id: visitor,
        source: 'direct',
        medium: 'none',
        first_visit: at,
        first_visit_date: date,
      })
      .execute();
    await db.insertInto('visitor_conversions').values({ visitor_id: visitor, converted_at: at }).execute();
    await db
      .insertInto('offer_impressions')
      .values({
        event_id: randomUUID(),
        visitor_id: visitor,
        session_id: session,
        placement: 'bridge',
        offer_ids: [1, 2],
        shown_at: at,
      })
      .execute();
    await db
      .insertInto('offer_impression_visitors')
      .values({ date, offer_id: 1, placement: 'bridge', visitor_id: visitor })
      .execute();
  }
  await db
    .insertInto('offer_daily_impressions')
    .values({ date, offer_id: 1, placement: 'bridge', impressions: copies })
    .onConflict((oc) => oc.columns(['date', 'offer_id', 'placement']).doNothing())
    .execute();
  await db
    .insertInto('daily_visits')
    .values({ date, unique_visitors: copies, total_page_views: copies })
    .onConflict((oc) => oc.column('date').doNothing())
    .execute();
  await db
    .insertInto('conversion_funnel')
    .values({ date, step: 'landing', visitors: copies })
    .onConflict((oc) => oc.columns(['date', 'step']).doNothing())
    .execute();
}

const expiring: ExpiringTable[] = [
  'page_visits',
  'page_leaves',
  'session_durations',
  'user_journey',
  'affiliate_clicks',
  'form_snapshots',
  'visitor_sessions',
  'daily_visitors',
  'funnel_step_visitors',
  'traffic_sources',
  'visitor_conversions',
  'affiliate_click_visitors',
  'offer_counter_clicks',
  'funnel_visitor_progress',
  'offer_impressions',
  'offer_impression_visitors',
];
/** Gives every raw table the month partition of `at` (the migration does it for the months it copies). */
async function partitionMonthOf(db: TestDatabase['db'], at: Date): Promise<void> {
  for (const table of partitionedRawTables) await createMonthPartition(db, table, at);
}
const monthOf = (at: Date): Record<PartitionedRawTable, string[]> =>
  Object.fromEntries(
    partitionedRawTables.map((t) => [t, [monthPartitionName(t, monthStartOf(at))]]),
  ) as Record<PartitionedRawTable, string[]>;
const none = Object.fromEntries(partitionedRawTables.map((t) => [t, []]));

/** The expiring tables that name a visitor (offer_counter_clicks does not: the counter call has none). */
const naming = expiring.filter((t) => t !== 'offer_counter_clicks');

async function visitorsIn(db: TestDatabase['db'], table: string): Promise<string[]> {
  const r = await sql<{ v: string }>`select visitor_id as v from ${sql.table(table)} order by 1`.execute(db);
  return r.rows.map((row) => row.v);
}

describe('retention', () => {
  it('drops the raw months older than RETENTION_DAYS, deletes the visitor sets in batches, and keeps the aggregates', async ({
    database,
  }) => {
    const { db } = database;
    await partitionMonthOf(db, old);
    await partitionMonthOf(db, recent);
    await placeRows(db, old, 'old', 5);
    await placeRows(db, recent, 'new', 2);

    // A batch of 2 makes every batched table take several statements.
    const result = await deleteExpiredRawEvents(db, { retentionDays: 395, timeZone: tz, batchSize: 2, now });

    // Raw events: their month dropped whole (nothing was in a DEFAULT partition); the rest: 5 rows each.
    expect(result.droppedPartitions).toEqual(monthOf(old));
    expect(result.deleted).toEqual(
      Object.fromEntries(expiring.map((t) => [t, (partitionedRawTables as string[]).includes(t) ? 0 : 5])),
    );
    for (const table of naming) expect(await visitorsIn(db, table), table).toEqual(['new-0', 'new-1']);
    expect(await db.selectFrom('offer_counter_clicks').select('offer_id').execute()).toHaveLength(2);
    const history = await db
      .selectFrom('daily_visits')
      .select(['date', 'unique_visitors'])
      .orderBy('date')
      .execute();
    expect(history).toEqual([
      { date: localDate(old, tz), unique_visitors: 5 },
      { date: localDate(recent, tz), unique_visitors: 2 },
    ]);
    expect(
      await db
        .selectFrom('conversion_funnel')
        .select('visitors as landing_visitors')
        .where('step', '=', 'landing')
        .orderBy('date')
        .execute(),
    ).toEqual([{ landing_visitors: 5 }, { landing_visitors: 2 }]);
    // Impressions per day are history too: they name nobody.
    expect(
      await db.selectFrom('offer_daily_impressions').select('impressions').orderBy('date').execute(),
    ).toEqual([{ impressions: 5 }, { impressions: 2 }]);

    // Nothing left to do: a second run deletes and drops nothing.
    const again = await deleteExpiredRawEvents(db, { retentionDays: 395, timeZone: tz, now });
    expect(again.deleted).toEqual(Object.fromEntries(expiring.map((t) => [t, 0])));
    expect(again.droppedPartitions).toEqual(none);
  });

  it('keeps a raw month until all of it is past the period (retention rounds up to the month)', async ({
    database,
  }) => {
    const { db } = database;
    // Figures by hand: 30 days before 2026-06-15T12:00Z is 2026-05-16T12:00Z. April (ends 1 May) is wholly
    // before it; May (ends 1 June) is not, so its row of 10 May stays although it is 36 days old.
    const june15 = new Date('2026-06-15T12:00:00Z');
    for (const at of ['2026-04-20T10:00:00Z', '2026-05-10T10:00:00Z', '2026-05-20T10:00:00Z'])
      await partitionMonthOf(db, new Date(at));
    await placeRows(db, new Date('2026-04-20T10:00:00Z'), 'april', 1);
    await placeRows(db, new Date('2026-05-10T10:00:00Z'), 'may-early', 1);
    await placeRows(db, new Date('2026-05-20T10:00:00Z'), 'may-late', 1);

    const first = await deleteExpiredRawEvents(db, { retentionDays: 30, timeZone: tz, now: june15 });
    expect(first.droppedPartitions).toEqual(monthOf(new Date('2026-04-01T00:00:00Z')));
    expect((await visitorsIn(db, 'page_visits')).filter((v) => !v.startsWith('new'))).toEqual([
      'may-early-0',
      'may-late-0',
    ]);

    // 30 days after 1 July 12:00 is 1 June 12:00: all of May is past the period now.
    const july1 = new Date('2026-07-01T12:00:00Z');
    const second = await deleteExpiredRawEvents(db, { retentionDays: 30, timeZone: tz, now: july1 });
    expect(second.droppedPartitions).toEqual(monthOf(new Date('2026-05-01T00:00:00Z')));
    expect(await visitorsIn(db, 'page_visits')).toEqual(['new-0', 'new-1']);
  });

  it('deletes by the exact cutoff the raw rows that sit in a DEFAULT partition (a month without its own)', async ({
    database,
  }) => {
    const { db } = database;
    // 500 and 380 days ago: no month partition for either, so both land in the DEFAULT partitions.
    const older = new Date(now.getTime() - 500 * day);
    const younger = new Date(now.getTime() - 380 * day);
    await placeRows(db, older, 'default-old', 2);
    await placeRows(db, younger, 'default-young', 1);
    const inDefault = await sql<{ n: number }>`select count(*)::int as n from page_visits_default`.execute(
      db,
    );
    expect(inDefault.rows[0]?.n).toBe(3);

    const result = await deleteExpiredRawEvents(db, { retentionDays: 395, timeZone: tz, now });
    expect(result.droppedPartitions).toEqual(none);
    for (const table of partitionedRawTables) expect(result.deleted?.[table], table).toBe(2);
    expect((await visitorsIn(db, 'page_visits')).filter((v) => v.startsWith('default'))).toEqual([
      'default-young-0',
    ]);
  });

  it('a shorter period reaches the newer rows too, once their month is over', async ({ database }) => {
    // Ten days into the month after `recent`'s, a 9-day period has passed the end of `recent`'s month.
    const later = new Date(monthStartOf(recent, 1).getTime() + 10 * day);
    const result = await deleteExpiredRawEvents(database.db, { retentionDays: 9, timeZone: tz, now: later });
    expect(result.droppedPartitions?.page_visits).toEqual([
      monthPartitionName('page_visits', monthStartOf(recent)),
    ]);
    expect(await visitorsIn(database.db, 'page_visits')).toEqual([]);
  });

  it('the job runs once at start (and then every 24 h) until stopped', async ({ database }) => {
    const { db } = database;
    // Its month's partitions were dropped by the first test, so the row lands in the DEFAULT partition.
    await placeRows(db, old, 'started', 1);
    const job = startRetention({ db, retentionDays: 395, timeZone: tz });
    await eventually(async () => expect(await visitorsIn(db, 'page_visits')).toEqual([]));
    expect((await job.lastRun())?.deleted?.page_visits).toBe(1);
    await job.stop();
  });

  it('when another instance holds the job lock, this one skips the round', async ({ database }) => {
    const { db } = database;
    await placeRows(db, old, 'locked', 1);
    const result = await db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(395001)`.execute(other);
      try {
        return await deleteExpiredRawEvents(db, { retentionDays: 395, timeZone: tz, now });
      } finally {
        await sql`select pg_advisory_unlock(395001)`.execute(other);
      }
    });
    expect(result.deleted).toBeNull();
    expect(await visitorsIn(db, 'page_visits')).toEqual(['locked-0']);
  });

  it('deletes share rows older than RETENTION_DAYS; the stored card stays for newer shares', async ({
    database,
  }) => {
    const { db } = database;
    await db
      .insertInto('share_cards')
      .values({ card_key: 'v1/22.4/Normal', bmi: 22.4, bmi_category: 'Normal', png: Buffer.from('png') })
      .execute();
    const shares = [
      ['old-share-1', old],
      ['old-share-2', old],
      ['old-share-3', old],
      ['new-share-1', recent],
    ] as const;
    for (const [id, at] of shares)
      await db
        .insertInto('share_images')
        .values({ id, card_key: 'v1/22.4/Normal', platform: 'whatsapp', created_at: at })
        .execute();

    const result = await deleteExpiredRawEvents(db, { retentionDays: 395, timeZone: tz, batchSize: 2, now });
    expect(result.deletedShares).toBe(3);
    expect((await db.selectFrom('share_images').select('id').execute()).map((r) => r.id)).toEqual([
      'new-share-1',
    ]);
    expect(await db.selectFrom('share_cards').select('card_key').execute()).toEqual([
      { card_key: 'v1/22.4/Normal' },
    ]);
  });
});

describe('RETENTION_DAYS', () => {
  it('defaults to 395 days', () => {
    expect(aggregatorSettingsFromEnv({}).RETENTION_DAYS).toBe(395);
    expect(aggregatorSettingsFromEnv({ RETENTION_DAYS: '30' }).RETENTION_DAYS).toBe(30);
  });

  it('refuses a period shorter than Kafka keeps a message, naming the variable', () => {
    expect(() => aggregatorSettingsFromEnv({ RETENTION_DAYS: '3' })).toThrow(
      /RETENTION_DAYS: must be at least 8/,
    );
  });
});
