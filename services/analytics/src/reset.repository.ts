// "Reset All Data": every analytics table emptied in one transaction, offer click counters back to 0.
// Offers themselves, admins, legal pages, reports and contact messages are not analytics and stay.
import type { Kysely } from 'kysely';
import { analyticsTables, type Database } from '@bodymetrics/db';

export async function resetAllAnalytics(db: Kysely<Database>): Promise<{ totalDeleted: number }> {
  return db.transaction().execute(async (trx) => {
    let totalDeleted = 0;
    // DELETE rather than TRUNCATE: the operator is told how many rows went, and it needs no table lock
    // beyond the rows themselves while the aggregator keeps writing.
    for (const table of analyticsTables) {
      const result = await trx.deleteFrom(table).executeTakeFirst();
      totalDeleted += Number(result.numDeletedRows);
    }
    await trx.updateTable('affiliate_offers').set({ clicks: 0 }).execute();
    return { totalDeleted };
  });
}
