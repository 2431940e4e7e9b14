// A batch's aggregate increments are kept until its appliers are done and written last, each table's merged
// into one upsert (sql-helpers.ts withIncrementsAtCommit): a day's row is then locked only for the end of the
// transaction. Shown on daily_bot_events and daily_visits against a real Postgres: nothing moves while the
// appliers run, every increment lands once at the end, and an applier that fails writes none of them.
import { describe, expect } from 'vitest';
import { it } from '@bodymetrics/testing/fixtures';
import { incrementRows, withIncrementsAtCommit } from './sql-helpers';

describe('increments written at the end of a batch', () => {
  it('keeps every increment until the appliers are done, then writes their sums', async ({ database }) => {
    const { db } = database;
    const seenWhileApplying = await db.transaction().execute((trx) =>
      withIncrementsAtCommit(trx, async () => {
        await incrementRows(trx, { table: 'daily_bot_events', keys: ['date'], counters: ['events'] }, [
          { date: '2026-11-20', events: 2 },
          { date: '2026-11-21', events: 1 },
        ]);
        await incrementRows(trx, { table: 'daily_bot_events', keys: ['date'], counters: ['events'] }, [
          { date: '2026-11-20', events: 3 },
        ]);
        await incrementRows(
          trx,
          { table: 'daily_visits', keys: ['date'], counters: ['total_page_views', 'unique_visitors'] },
          [{ date: '2026-11-20', total_page_views: 4, unique_visitors: 1 }],
        );
        return trx.selectFrom('daily_bot_events').select('date').execute();
      }),
    );
    expect(seenWhileApplying).toEqual([]);
    const bots = await db.selectFrom('daily_bot_events').select(['date', 'events']).orderBy('date').execute();
    expect(bots.map((r) => [String(r.date), r.events])).toEqual([
      ['2026-11-20', 5],
      ['2026-11-21', 1],
    ]);
    const visits = await db
      .selectFrom('daily_visits')
      .select(['total_page_views', 'unique_visitors'])
      .where('date', '=', '2026-11-20')
      .executeTakeFirstOrThrow();
    expect(visits).toMatchObject({ total_page_views: 4, unique_visitors: 1 });
  });

  it('writes nothing when an applier fails, and an increment outside a batch is written at once', async ({
    database,
  }) => {
    const { db } = database;
    await expect(
      db.transaction().execute((trx) =>
        withIncrementsAtCommit(trx, async () => {
          await incrementRows(trx, { table: 'daily_bot_events', keys: ['date'], counters: ['events'] }, [
            { date: '2026-11-22', events: 7 },
          ]);
          throw new Error('the applier failed');
        }),
      ),
    ).rejects.toThrow('the applier failed');
    expect(
      await db.selectFrom('daily_bot_events').selectAll().where('date', '=', '2026-11-22').execute(),
    ).toEqual([]);

    await db.transaction().execute(async (trx) => {
      await incrementRows(trx, { table: 'daily_bot_events', keys: ['date'], counters: ['events'] }, [
        { date: '2026-11-22', events: 1 },
      ]);
      const now = await trx
        .selectFrom('daily_bot_events')
        .select('events')
        .where('date', '=', '2026-11-22')
        .executeTakeFirst();
      expect(now?.events).toBe(1);
    });
  });
});
