// Writes the product's content (affiliate offers, legal pages) into the database. Safe on every start:
// rows are matched by their natural key (an offer's affiliate link, a page's slug), changed texts are
// updated in place, and what the running product owns — click counts, an offer switched off by the
// operator, an offer the operator edited in the dashboard (it has an offer_changes record) — is never
// touched. A shipped link the operator replaced counts as present, so the old offer is not seeded again.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';
import { offerContentColumns } from '../offer-columns';
import { seedAffiliateOffers, type SeedAffiliateOffer } from './affiliate-offers';
import { seedLegalPages, type SeedLegalPage } from './legal';
import { seedLegalPagesRo } from './legal/ro';

export interface SeedContentResult {
  offersInserted: number;
  offersUpdated: number;
  legalPagesWritten: number;
}

export interface SeedContentOptions {
  offers?: readonly SeedAffiliateOffer[];
  legalPages?: readonly SeedLegalPage[];
}

export async function seedContent(
  db: Kysely<Database>,
  options: SeedContentOptions = {},
): Promise<SeedContentResult> {
  const offers = options.offers ?? seedAffiliateOffers;
  const legalPages = options.legalPages ?? [...seedLegalPages, ...seedLegalPagesRo];
  return db.transaction().execute(async (trx) => {
    // affiliate_offers has no unique key on url, so two processes seeding at the same moment (several
    // offers instances starting together) would both insert; this lock makes them take turns.
    await sql`SELECT pg_advisory_xact_lock(hashtext('bodymetrics:seed-content'))`.execute(trx);
    const { inserted, updated } = await upsertOffers(trx, offers);
    const legalPagesWritten = await upsertLegalPages(trx, legalPages);
    return { offersInserted: inserted, offersUpdated: updated, legalPagesWritten };
  });
}

async function upsertOffers(trx: Transaction<Database>, offers: readonly SeedAffiliateOffer[]) {
  if (offers.length === 0) return { inserted: 0, updated: 0 };
  const existing = await trx
    .selectFrom('affiliate_offers')
    .select([
      'id',
      'url',
      'title',
      'description',
      'image_url',
      'bmi_category',
      'goal',
      'cta_label',
      'disclaimer',
      'evidence_based',
    ])
    .where(
      'url',
      'in',
      offers.map((o) => o.url),
    )
    .orderBy('id')
    .execute();
  const byUrl = new Map<string, (typeof existing)[number]>();
  for (const row of existing) if (!byUrl.has(row.url)) byUrl.set(row.url, row);
  const edited = await operatorEdits(trx);

  let inserted = 0;
  let updated = 0;
  const toInsert = [];
  for (const offer of offers) {
    const row = byUrl.get(offer.url);
    const values = offerContentColumns(offer);
    if (!row) {
      if (!edited.replacedUrls.has(offer.url)) toInsert.push({ ...values, url: offer.url });
      continue;
    }
    if (edited.offerIds.has(row.id)) continue;
    const changed = (Object.keys(values) as Array<keyof typeof values>).some((k) => row[k] !== values[k]);
    if (changed) {
      await trx.updateTable('affiliate_offers').set(values).where('id', '=', row.id).execute();
      updated++;
    }
  }
  if (toInsert.length) {
    await trx.insertInto('affiliate_offers').values(toInsert).execute();
    inserted = toInsert.length;
  }
  return { inserted, updated };
}

/** The offers the operator changed in the dashboard, and the links the operator replaced. */
async function operatorEdits(trx: Transaction<Database>) {
  const rows = await trx
    .selectFrom('offer_changes')
    .select(['offer_id', sql<string | null>`changes -> 'url' ->> 'from'`.as('replaced_url')])
    .execute();
  return {
    offerIds: new Set(rows.map((r) => r.offer_id)),
    replacedUrls: new Set(rows.flatMap((r) => (r.replaced_url ? [r.replaced_url] : []))),
  };
}

async function upsertLegalPages(
  trx: Transaction<Database>,
  pages: readonly SeedLegalPage[],
): Promise<number> {
  if (pages.length === 0) return 0;
  const result = await trx
    .insertInto('legal_pages')
    .values(
      pages.map((p) => ({
        slug: p.slug,
        locale: p.locale ?? 'en',
        title: p.title,
        content: p.content,
        last_updated: midnightUtc(p.lastUpdated),
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['slug', 'locale'])
        .doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          content: eb.ref('excluded.content'),
          last_updated: eb.ref('excluded.last_updated'),
        }))
        // Unchanged pages are left alone, so a restart does not rewrite every row.
        .where((eb) =>
          eb.or([
            eb('legal_pages.title', 'is distinct from', eb.ref('excluded.title')),
            eb('legal_pages.content', 'is distinct from', eb.ref('excluded.content')),
            eb('legal_pages.last_updated', 'is distinct from', eb.ref('excluded.last_updated')),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

const midnightUtc = (date: string) => `${date}T00:00:00Z`;
