import type { Kysely, Transaction } from 'kysely';
import type { AffiliateOffer } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';

type Executor = Kysely<Database> | Transaction<Database>;

/** Every offer that is switched on, oldest first (the order the bridge page takes its first three from). */
export async function listActiveOffers(db: Executor): Promise<AffiliateOffer[]> {
  const rows = await db
    .selectFrom('affiliate_offers')
    .select([
      'id',
      'title',
      'description',
      'url',
      'image_url',
      'bmi_category',
      'goal',
      'clicks',
      'active',
      'cta_label',
      'disclaimer',
      'evidence_based',
    ])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
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
  }));
}
