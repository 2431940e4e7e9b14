// Offer segments (BMI category × goal): their settings (mode and floor) with the record of who changed them,
// the shares the last computation stored, and the operator's view of every segment. A segment without a
// row of its own is manual at the default floor.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  bmiCategories,
  defaultShareFloor,
  goals,
  type BmiCategory,
  type Goal,
  type OfferChange,
  type OfferSegment,
  type OfferSegmentKey,
  type OfferSegmentSettings,
  type SegmentMode,
  type SegmentOffer,
} from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { changesBy, newestFirst } from './change-records';
import type { OfferShare } from './shares/segment-shares';

type Executor = Kysely<Database> | Transaction<Database>;

/** How many of a segment's changes the list carries (newest first), as for an offer. */
export const changesPerSegment = 20;

export interface SegmentSettings {
  mode: SegmentMode;
  floor: number;
}

export const segmentKeyOf = (bmiCategory: string, goal: string) => `${bmiCategory}|${goal}`;

const manual: SegmentSettings = { mode: 'manual', floor: defaultShareFloor };

/** Every segment's settings that differ from manual at the default floor, by segmentKeyOf. */
export async function segmentSettings(db: Executor): Promise<(key: string) => SegmentSettings> {
  const rows = await db
    .selectFrom('offer_segments')
    .select(['bmi_category', 'goal', 'mode', 'floor'])
    .execute();
  const byKey = new Map(
    rows.map((row) => [segmentKeyOf(row.bmi_category, row.goal), { mode: row.mode, floor: row.floor }]),
  );
  return (key) => byKey.get(key) ?? manual;
}

/**
 * Sets a segment's mode (and floor, when given) and records what changed (field → {from, to}) in one
 * transaction; a change to what it already is writes nothing. Answers whether anything changed.
 */
export async function saveSegmentSettings(
  db: Kysely<Database>,
  adminId: number,
  { bmiCategory, goal }: OfferSegmentKey,
  settings: OfferSegmentSettings,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Locked (or inserted) first, so two operators at once each record the value the other left.
    await trx
      .insertInto('offer_segments')
      .values({ bmi_category: bmiCategory, goal })
      .onConflict((oc) => oc.columns(['bmi_category', 'goal']).doNothing())
      .execute();
    const before = await trx
      .selectFrom('offer_segments')
      .select(['mode', 'floor'])
      .where('bmi_category', '=', bmiCategory)
      .where('goal', '=', goal)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after: SegmentSettings = { mode: settings.mode, floor: settings.floor ?? before.floor };
    const changes: Record<string, { from: string | number; to: string | number }> = {};
    if (after.mode !== before.mode) changes.mode = { from: before.mode, to: after.mode };
    if (after.floor !== before.floor) changes.floor = { from: before.floor, to: after.floor };
    if (Object.keys(changes).length === 0) return false;
    await trx
      .updateTable('offer_segments')
      .set({ mode: after.mode, floor: after.floor, updated_at: sql`now()` })
      .where('bmi_category', '=', bmiCategory)
      .where('goal', '=', goal)
      .execute();
    await trx
      .insertInto('offer_segment_changes')
      .values({ bmi_category: bmiCategory, goal, admin_id: adminId, changes: JSON.stringify(changes) })
      .execute();
    return true;
  });
}

export interface StoredShare extends OfferShare {
  bmiCategory: BmiCategory;
  goal: Goal;
  impressions: number;
  conversions: number;
  revenue: number;
}

/** Replaces every stored share with this computation's (one row per active offer). */
export async function replaceShares(trx: Transaction<Database>, shares: readonly StoredShare[]) {
  await trx.deleteFrom('offer_segment_shares').execute();
  if (shares.length === 0) return;
  await trx
    .insertInto('offer_segment_shares')
    .values(
      shares.map((s) => ({
        offer_id: s.offerId,
        bmi_category: s.bmiCategory,
        goal: s.goal,
        share: s.share,
        probability_best: s.probabilityBest,
        impressions: s.impressions,
        conversions: s.conversions,
        revenue: s.revenue,
        revenue_per_impression_low: s.revenuePerImpressionLow,
        revenue_per_impression_high: s.revenuePerImpressionHigh,
      })),
    )
    .execute();
}

/**
 * Every active offer (`o`, by id) with what the last computation stored for it (`s`): nothing for an offer
 * moved to another segment since, as its row is not its segment's.
 */
export const activeOffersWithShares = (db: Executor) =>
  db
    .selectFrom('affiliate_offers as o')
    .leftJoin('offer_segment_shares as s', (join) =>
      join
        .onRef('s.offer_id', '=', 'o.id')
        .onRef('s.bmi_category', '=', 'o.bmi_category')
        .onRef('s.goal', '=', 'o.goal'),
    )
    .where('o.active', '=', true)
    .orderBy('o.id');

/** Each segment's last changes of mode or floor, newest first, by segmentKeyOf. */
async function segmentChanges(db: Executor): Promise<Map<string, OfferChange[]>> {
  const rows = await db
    .selectFrom(
      db
        .selectFrom('offer_segment_changes as c')
        .leftJoin('admin_users as u', 'u.id', 'c.admin_id')
        .select([
          'c.id',
          'c.bmi_category',
          'c.goal',
          'c.changed_at',
          'c.changes',
          'u.username',
          newestFirst('c.bmi_category', 'c.goal').as('n'),
        ])
        .as('recent'),
    )
    .selectAll()
    .where('n', '<=', changesPerSegment)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return changesBy(rows, (row) => segmentKeyOf(row.bmi_category, row.goal));
}

/** Every segment of the vocabulary (BMI category × goal, in its order), as the operator reads it. */
export async function listSegments(db: Executor): Promise<OfferSegment[]> {
  const settingsOf = await segmentSettings(db);
  const changes = await segmentChanges(db);
  const rows = await activeOffersWithShares(db)
    .select([
      'o.id',
      'o.title',
      'o.bmi_category',
      'o.goal',
      's.share',
      's.probability_best',
      's.impressions',
      's.conversions',
      's.revenue',
      's.revenue_per_impression_low',
      's.revenue_per_impression_high',
      's.computed_at',
    ])
    .execute();
  return bmiCategories.flatMap((bmiCategory) =>
    goals.map((goal): OfferSegment => {
      const key = segmentKeyOf(bmiCategory, goal);
      const { mode, floor } = settingsOf(key);
      const own = rows.filter((row) => row.bmi_category === bmiCategory && row.goal === goal);
      const computed = own.flatMap((row) => (row.computed_at ? [row.computed_at.getTime()] : []));
      const offers = own.map((row): SegmentOffer => {
        const impressions = row.impressions ?? 0;
        const revenue = Number(row.revenue ?? 0);
        return {
          offerId: row.id,
          title: row.title,
          share: mode === 'auto' ? (row.share ?? null) : null,
          impressions,
          conversions: row.conversions ?? 0,
          revenue,
          revenuePerImpression: impressions > 0 ? revenue / impressions : null,
          revenuePerImpressionLow: row.revenue_per_impression_low ?? 0,
          revenuePerImpressionHigh: row.revenue_per_impression_high ?? 0,
          probabilityBest: row.probability_best ?? 0,
        };
      });
      offers.sort((a, b) => b.probabilityBest - a.probabilityBest || a.offerId - b.offerId);
      return {
        bmiCategory,
        goal,
        mode,
        floor,
        computedAt: computed.length > 0 ? new Date(Math.max(...computed)).toISOString() : null,
        offers,
        changes: changes.get(key) ?? [],
      };
    }),
  );
}
