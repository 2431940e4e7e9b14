// The public offers list: every offer that is switched on, oldest first (the order the bridge page takes its
// first three from in a manual segment), but those whose daily click cap today's counted clicks have
// reached — they are back the next day (ANALYTICS_TZ), and their segment's other offers share their place.
// In an auto segment each offer carries its share of the rotation (stored by share-rotation.ts), renormalised
// over the offers listed now; in a manual one, null.
import type { Kysely, Transaction } from 'kysely';
import { defaultShareFloor, type AffiliateOffer } from '@bodymetrics/contracts';
import { todayOf, type Database, type Db } from '@bodymetrics/db';
import { countedClicksOn } from './counted-clicks.repository';
import { activeOffersWithShares, segmentKeyOf } from './offer-segments.repository';
import { servedShares } from './shares/share-floor';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ServedOffers {
  offers: AffiliateOffer[];
  /** Whether an active offer has a daily cap: the list may then change with any click. */
  capped: boolean;
}

async function activeOffers(db: Executor) {
  return activeOffersWithShares(db)
    .leftJoin('offer_segments as g', (join) =>
      join.onRef('g.bmi_category', '=', 'o.bmi_category').onRef('g.goal', '=', 'o.goal'),
    )
    .select([
      'o.id',
      'o.title',
      'o.description',
      'o.url',
      'o.image_url',
      'o.bmi_category',
      'o.goal',
      'o.clicks',
      'o.active',
      'o.cta_label',
      'o.disclaimer',
      'o.evidence_based',
      'o.daily_click_cap',
      's.share',
      'g.mode',
      'g.floor',
    ])
    .execute();
}

export async function listServedOffers(db: Db, timeZone: string): Promise<ServedOffers> {
  const rows = await activeOffers(db);
  const capped = rows.filter((row) => row.daily_click_cap !== null);
  const clicksToday =
    capped.length > 0
      ? await countedClicksOn(
          db,
          await todayOf(db, timeZone),
          capped.map((row) => row.id),
        )
      : new Map<number, number>();
  const served = rows.filter(
    (row) => row.daily_click_cap === null || (clicksToday.get(row.id) ?? 0) < row.daily_click_cap,
  );

  // A segment without settings of its own is manual.
  const shareOf = new Map<number, number>();
  const auto = served.filter((row) => row.mode === 'auto');
  for (const key of new Set(auto.map((row) => segmentKeyOf(row.bmi_category, row.goal)))) {
    const own = auto.filter((row) => segmentKeyOf(row.bmi_category, row.goal) === key);
    const shares = servedShares(
      own.map((row) => row.share ?? undefined),
      own[0]!.floor ?? defaultShareFloor,
    );
    own.forEach((row, i) => shareOf.set(row.id, shares[i]!));
  }

  return {
    capped: capped.length > 0,
    offers: served.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      url: row.url,
      affiliateUrl: row.url,
      imageUrl: row.image_url,
      bmiCategory: row.bmi_category,
      goal: row.goal,
      clicks: row.clicks,
      active: row.active,
      ctaLabel: row.cta_label,
      disclaimer: row.disclaimer,
      evidenceBased: row.evidence_based,
      share: shareOf.get(row.id) ?? null,
    })),
  };
}
