// The operator's offer management: every offer with its change history, and the writes
// that create or edit an offer together with the record of who changed what, in one transaction — an edit
// without its record (or a record of an edit that rolled back) cannot exist.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AdminOffer, OfferChange, OfferField, OfferFields, OfferPatch } from '@bodymetrics/contracts';
import { offerContentColumns, type Database } from '@bodymetrics/db';
import { changesBy, newestFirst } from './change-records';

type Executor = Kysely<Database> | Transaction<Database>;
type OfferRow = Selectable<Database['affiliate_offers']>;
type ChangeValue = string | number | boolean | null;
type Changes = Partial<Record<OfferField, { from: ChangeValue; to: ChangeValue }>>;

/** How many of an offer's changes the list carries (newest first): the dashboard shows the recent history. */
export const changesPerOffer = 20;

/** Each API field and its column. */
const columnOf = {
  title: 'title',
  description: 'description',
  url: 'url',
  imageUrl: 'image_url',
  bmiCategory: 'bmi_category',
  goal: 'goal',
  ctaLabel: 'cta_label',
  disclaimer: 'disclaimer',
  evidenceBased: 'evidence_based',
  active: 'active',
  dailyClickCap: 'daily_click_cap',
} as const satisfies Record<OfferField, keyof OfferRow>;

const fields = Object.keys(columnOf) as OfferField[];

export async function listAllOffers(db: Executor): Promise<AdminOffer[]> {
  const rows = await db.selectFrom('affiliate_offers').selectAll().orderBy('id').execute();
  const changes = await db
    .selectFrom(
      db
        .selectFrom('offer_changes as c')
        .leftJoin('admin_users as u', 'u.id', 'c.admin_id')
        .select([
          'c.id',
          'c.offer_id',
          'c.changed_at',
          'c.changes',
          'u.username',
          newestFirst('c.offer_id').as('n'),
        ])
        .as('recent'),
    )
    .selectAll()
    .where('n', '<=', changesPerOffer)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byOffer = changesBy(changes, (c) => c.offer_id);
  return rows.map((row) => toAdminOffer(row, byOffer.get(row.id) ?? []));
}

export async function findOffer(db: Executor, id: number): Promise<AdminOffer | undefined> {
  return (await listAllOffers(db)).find((o) => o.id === id);
}

/** Creates the offer and its first record (every field from null). Answers the new offer's id. */
export async function createOffer(
  db: Kysely<Database>,
  adminId: number,
  offer: OfferFields,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('affiliate_offers')
      .values(columnsOf(offer))
      .returning('id')
      .executeTakeFirstOrThrow();
    const changes: Changes = {};
    for (const field of fields) changes[field] = { from: null, to: offer[field] ?? null };
    await record(trx, id, adminId, changes);
    return id;
  });
}

/**
 * Applies the fields that differ from the stored offer and records them (field → {from, to}); a patch that
 * changes nothing writes nothing. Answers false when there is no such offer.
 */
export async function updateOffer(
  db: Kysely<Database>,
  adminId: number,
  id: number,
  patch: OfferPatch,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Locked, so two operators editing at once each record the value the other left, not a stale one.
    const row = await trx
      .selectFrom('affiliate_offers')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    const changes: Changes = {};
    for (const field of fields) {
      const to = patch[field];
      if (to === undefined) continue;
      const from = row[columnOf[field]] as ChangeValue;
      if (from !== to) changes[field] = { from, to };
    }
    if (Object.keys(changes).length === 0) return true;
    const set: Record<string, ChangeValue> = {};
    for (const field of Object.keys(changes) as OfferField[]) set[columnOf[field]] = changes[field]!.to;
    await trx
      .updateTable('affiliate_offers')
      .set({ ...set, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await record(trx, id, adminId, changes);
    return true;
  });
}

async function record(trx: Transaction<Database>, offerId: number, adminId: number, changes: Changes) {
  await trx
    .insertInto('offer_changes')
    .values({ offer_id: offerId, admin_id: adminId, changes: JSON.stringify(changes) })
    .execute();
}

const columnsOf = (offer: OfferFields) => ({
  ...offerContentColumns(offer),
  url: offer.url,
  active: offer.active,
  daily_click_cap: offer.dailyClickCap ?? null,
});

const toAdminOffer = (row: OfferRow, changes: OfferChange[]): AdminOffer => ({
  id: row.id,
  title: row.title,
  description: row.description,
  url: row.url,
  imageUrl: row.image_url,
  bmiCategory: row.bmi_category,
  goal: row.goal,
  ctaLabel: row.cta_label,
  disclaimer: row.disclaimer,
  evidenceBased: row.evidence_based,
  active: row.active,
  dailyClickCap: row.daily_click_cap,
  clicks: row.clicks,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  changes,
});
