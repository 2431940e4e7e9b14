// An offer's counted clicks of one day, as the caps read them: the aggregate's clicks (docs/counting.md:
// clicks — bots left out), the suspicious ones included: a cap bounds the clicks the offer sends its partner
// ("Clickuri"), and a suspicious click was sent all the same. Every read of clicks in this service goes
// through `countedClicks`: leaving the suspicious ones out is `clicksThatCount({ table:
// 'affiliate_daily_clicks' })` here (@bodymetrics/db), and nowhere else.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@bodymetrics/db';

type Executor = Kysely<Database> | Transaction<Database>;

/** The clicks of a row of affiliate_daily_clicks that count. */
const countedClicks: RawBuilder<number> = sql<number>`affiliate_daily_clicks.clicks`;

/** Counted clicks of `date` ('YYYY-MM-DD', ANALYTICS_TZ) per offer, for the offers asked about. */
export async function countedClicksOn(
  db: Executor,
  date: string,
  offerIds: readonly number[],
): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('affiliate_daily_clicks')
    .select(['offer_id', countedClicks.as('clicks')])
    .where('date', '=', date)
    .where('offer_id', 'in', offerIds)
    .execute();
  return new Map(rows.map((row) => [row.offer_id, Number(row.clicks)]));
}
