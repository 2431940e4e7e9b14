// The shares' computation against a real Postgres: while another instance holds the computation's advisory
// lock, a periodic run skips and a run asked for by a change waits; the stored shares of every segment sum to
// 1; the same seed stores the same shares; the periodic computation runs at start and stops cleanly.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { seedContent } from '@bodymetrics/db';
import { defaultAnalyticsTimeZone } from '@bodymetrics/service-kit';
import { eventually } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { recomputeShares, shareLockKey, shareRotation } from './share-rotation';
import { betaDraws } from './shares/thompson-sampling';

const options = { timeZone: defaultAnalyticsTimeZone };

describe('computing the shares', () => {
  it.beforeAll(async ({ database }) => {
    await seedContent(database.db);
  });

  const stored = async (db: Parameters<typeof recomputeShares>[0]) =>
    db.selectFrom('offer_segment_shares').selectAll().orderBy('offer_id').execute();

  it('skips a periodic run while another instance computes, and waits for it when a change asks', async ({
    database,
  }) => {
    const { db } = database;
    await db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(${shareLockKey})`.execute(other);
      try {
        expect(await recomputeShares(db, { ...options, draw: betaDraws(1) }, { wait: false })).toBe(false);
        expect(await stored(db)).toEqual([]);
        const waiting = recomputeShares(db, { ...options, draw: betaDraws(1) }, { wait: true });
        const settled = await Promise.race([
          waiting.then(() => 'done'),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
        ]);
        expect(settled).toBe('waiting');
        await sql`select pg_advisory_unlock(${shareLockKey})`.execute(other);
        expect(await waiting).toBe(true);
      } finally {
        await sql`select pg_advisory_unlock_all()`.execute(other);
      }
    });
    const rows = await stored(db);
    const active = await db.selectFrom('affiliate_offers').select('id').where('active', '=', true).execute();
    expect(rows.map((r) => r.offer_id)).toEqual(active.map((r) => r.id).sort((a, b) => a - b));
    const bySegment = new Map<string, number>();
    for (const row of rows)
      bySegment.set(
        `${row.bmi_category}/${row.goal}`,
        (bySegment.get(`${row.bmi_category}/${row.goal}`) ?? 0) + row.share,
      );
    for (const total of bySegment.values()) expect(total).toBeCloseTo(1, 9);
  });

  it('stores the same shares for the same seed', async ({ database }) => {
    const { db } = database;
    const sharesOf = async (seed: number) => {
      await recomputeShares(db, { ...options, draw: betaDraws(seed) }, { wait: true });
      return (await stored(db)).map((r) => [r.offer_id, r.share, r.probability_best]);
    };
    expect(await sharesOf(42)).toEqual(await sharesOf(42));
  });

  it('computes at start and every interval until stopped', async ({ database }) => {
    const { db } = database;
    await db.deleteFrom('offer_segment_shares').execute();
    const rotation = shareRotation(db, { ...options, intervalMs: 50 });
    rotation.start();
    await eventually(async () => expect((await stored(db)).length).toBeGreaterThan(0));
    const first = (await stored(db))[0]!.computed_at.getTime();
    await eventually(async () => expect((await stored(db))[0]!.computed_at.getTime()).toBeGreaterThan(first));
    await rotation.stop();
    const last = (await stored(db))[0]!.computed_at.getTime();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stored(db))[0]!.computed_at.getTime()).toBe(last);
  });
});
