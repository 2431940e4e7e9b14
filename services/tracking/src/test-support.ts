// Test offers for the click routes, which accept only an active offer of the table.
import type { Db } from '@bodymetrics/db';

export interface TestOffer {
  id: number;
  title?: string;
  url?: string;
  active?: boolean;
}

export async function insertOffers(db: Db, offers: TestOffer[]): Promise<void> {
  await db
    .insertInto('affiliate_offers')
    .values(
      offers.map((o) => ({
        id: o.id,
        title: o.title ?? `Offer ${o.id}`,
        description: 'A test offer',
        url: o.url ?? `https://partner.example.com/offer-${o.id}`,
        bmi_category: 'Normal',
        goal: 'wellness',
        active: o.active ?? true,
      })),
    )
    .execute();
}
