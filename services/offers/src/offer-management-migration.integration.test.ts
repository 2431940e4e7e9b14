// The migration that gives each offer its own call-to-action label, disclaimer and "Evidence-Based" flag
// (2026-11-23T1100_offer_management), against a real Postgres: offers stored before it get the copy the
// results page showed at their card position — their place among the active offers of their BMI category
// and goal, by id, cycling through the three labels — so the visitor's page is unchanged; and a fresh
// install's seeded offers carry the same per-position copy.
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest, seedAffiliateOffers, seedContent } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';

const before = '2026-11-23T1000_form_snapshots';

// The results page's per-position copy before this release (web-public results/offer-copy.ts), written out
// here so the test does not read the values from the code it checks.
const shownAt = [
  ['See Product Details', 'Sponsored link. We may earn a commission at no extra cost to you.'],
  ['Learn More About the Formula', 'Sponsored link. Results vary; this is not medical advice.'],
  ['Explore Ingredients', 'Sponsored link. Check ingredients for allergies and ask your doctor first.'],
] as const;

interface OldOffer {
  title: string;
  category: string;
  goal: string;
  active: boolean;
}

// Stored in this id order. Normal × wellness: five, the third switched off — the active ones are shown at
// positions 0, 1, 2, 3 (→ labels 0, 1, 2, 0); the switched-off one takes the place after them (4 → label 1).
// "obese" in lower case matches "Obese" (the page matches categories case-insensitively).
const oldOffers: OldOffer[] = [
  { title: 'n-w-1', category: 'Normal', goal: 'wellness', active: true },
  { title: 'o-l-1', category: 'Obese', goal: 'weight_loss', active: true },
  { title: 'n-w-2', category: 'Normal', goal: 'wellness', active: true },
  { title: 'n-w-off', category: 'Normal', goal: 'wellness', active: false },
  { title: 'n-w-3', category: 'Normal', goal: 'wellness', active: true },
  { title: 'o-l-2', category: 'obese', goal: 'weight_loss', active: true },
  { title: 'n-w-4', category: 'Normal', goal: 'wellness', active: true },
];
const expectedPosition: Record<string, number> = {
  'n-w-1': 0,
  'n-w-2': 1,
  'n-w-3': 2,
  'n-w-4': 0,
  'n-w-off': 1,
  'o-l-1': 0,
  'o-l-2': 1,
};

describe('offers carrying their own call-to-action copy', () => {
  it.beforeAll(async ({ database }) => {
    const db = database.db;
    await migrateTo(db, before);
    for (const o of oldOffers) {
      await sql`insert into affiliate_offers (title, description, url, bmi_category, goal, active, created_at)
        values (${o.title}, 'd', ${`https://shop.example.com/${o.title}`}, ${o.category}, ${o.goal}, ${o.active},
          '2026-11-01T10:00:00Z')`.execute(db);
    }
    await migrateToLatest(db);
  });

  it('gives each stored offer the label and disclaimer of the card position it is shown at, and the badge', async ({
    database,
  }) => {
    const rows = await database.db
      .selectFrom('affiliate_offers')
      .select(['title', 'cta_label', 'disclaimer', 'evidence_based', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      oldOffers.map((o) => ({
        title: o.title,
        cta_label: shownAt[expectedPosition[o.title]!]![0],
        disclaimer: shownAt[expectedPosition[o.title]!]![1],
        evidence_based: true,
        // Never edited: last changed when it was created.
        updated_at: new Date('2026-11-01T10:00:00Z'),
      })),
    );
    const changes = await database.db.selectFrom('offer_changes').selectAll().execute();
    expect(changes).toEqual([]);
  });

  it('seeds a fresh install with the same per-position copy the results page showed', async ({
    database,
  }) => {
    const db = database.db;
    await db.deleteFrom('affiliate_offers').execute();
    await seedContent(db);
    const rows = await db
      .selectFrom('affiliate_offers')
      .select(['url', 'bmi_category', 'goal', 'cta_label', 'disclaimer', 'evidence_based'])
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(seedAffiliateOffers.length);
    const seen = new Map<string, number>();
    for (const row of rows) {
      const group = `${row.bmi_category}/${row.goal}`;
      const position = seen.get(group) ?? 0;
      seen.set(group, position + 1);
      expect([row.cta_label, row.disclaimer], `${row.url} at ${position}`).toEqual(shownAt[position % 3]);
      expect(row.evidence_based).toBe(true);
    }
  });

  it('takes the columns and the change table away when the release is rolled back', async ({ database }) => {
    const db = database.db;
    await migrateTo(db, before);
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'affiliate_offers'
        and column_name in ('cta_label', 'disclaimer', 'evidence_based', 'updated_at')`.execute(db);
    expect(columns.rows).toEqual([]);
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema() and table_name = 'offer_changes'`.execute(db);
    expect(tables.rows[0]?.n).toBe(0);
    await migrateToLatest(db);
  });
});
