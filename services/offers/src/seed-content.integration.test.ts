// seedContent runs on every start of the offers process: a second run must change nothing that exists.
import { describe, expect } from 'vitest';
import { seedAffiliateOffers, seedContent, seedLegalPages, seedLegalPagesRo } from '@bodymetrics/db';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';

let database: TestDatabase;
it.beforeAll(({ database: fileDatabase }) => {
  database = fileDatabase;
});

const countRows = async () => ({
  offers: Number(
    (
      await database.db
        .selectFrom('affiliate_offers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  pages: Number(
    (
      await database.db
        .selectFrom('legal_pages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('seedContent', () => {
  it('writes every offer and page once, however often it runs', async () => {
    const first = await seedContent(database.db);
    expect(first).toEqual({
      offersInserted: seedAffiliateOffers.length,
      offersUpdated: 0,
      legalPagesWritten: seedLegalPages.length + seedLegalPagesRo.length,
    });

    const second = await seedContent(database.db);
    expect(second).toEqual({ offersInserted: 0, offersUpdated: 0, legalPagesWritten: 0 });
    expect(await countRows()).toEqual({
      offers: seedAffiliateOffers.length,
      pages: seedLegalPages.length + seedLegalPagesRo.length,
    });
  });

  it('runs safely from two processes starting at the same time', async () => {
    await Promise.all([seedContent(database.db), seedContent(database.db), seedContent(database.db)]);
    expect(await countRows()).toEqual({
      offers: seedAffiliateOffers.length,
      pages: seedLegalPages.length + seedLegalPagesRo.length,
    });
  });

  it('keeps click counts and switched-off offers, and updates changed texts in place', async () => {
    const target = seedAffiliateOffers[0]!;
    await database.db
      .updateTable('affiliate_offers')
      .set({ clicks: 17 })
      .where('url', '=', target.url)
      .execute();
    const other = seedAffiliateOffers[1]!;
    await database.db
      .updateTable('affiliate_offers')
      .set({ active: false })
      .where('url', '=', other.url)
      .execute();

    const edited = seedAffiliateOffers.map((o) =>
      o === target ? { ...o, title: 'Renamed by a new release' } : o,
    );
    const result = await seedContent(database.db, { offers: edited });
    expect(result.offersUpdated).toBe(1);

    const rows = await database.db
      .selectFrom('affiliate_offers')
      .select(['url', 'title', 'clicks', 'active'])
      .where('url', 'in', [target.url, other.url])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { url: target.url, title: 'Renamed by a new release', clicks: 17, active: true },
        { url: other.url, title: other.title, clicks: 0, active: false },
      ]),
    );
    expect((await countRows()).offers).toBe(seedAffiliateOffers.length);
  });
});
