// The offer's own counter, affiliate_offers.clicks (spec §3 "clicks (default 0)"). It moves for the spec's
// POST /api/affiliate-offers/{id}/click (source `api`: the results page sends it beside its full click
// record) and for a bridge click (the bridge page makes one call only). Those `api` calls are not
// analytics clicks: they are kept in offer_counter_clicks (their idempotency key), never in affiliate_clicks.
//
//   event field (source api)           → table.column
//   (the whole call)                   → offer_counter_clicks.*  (raw: offerCounterCallRow)
//   isBot (enriched)                   → offer_counter_clicks.is_bot, daily_bot_events.events (bots: no count)
//   offerId                            → affiliate_offers.clicks
import { sql } from 'kysely';
import type { AffiliateClickEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { offerCounterCallRow } from '../raw-rows';
import { countBy, type Trx } from '../sql-helpers';
import { countedFirstDeliveries } from './counted-events';

/** Adds one to the counter of each offer for each id given (ids of offers since deleted change nothing). */
export async function addToOfferCounters(trx: Trx, offerIds: number[]): Promise<void> {
  if (!offerIds.length) return;
  // Sorted, so concurrent aggregators lock the offers' rows in the same order.
  const perOffer = [...countBy(offerIds, String)].sort(([a], [b]) => Number(a) - Number(b));
  await sql`
    update affiliate_offers as o set clicks = o.clicks + v.n
    from (values ${sql.join(perOffer.map(([id, n]) => sql`(${Number(id)}::int, ${n}::int)`))}) as v(id, n)
    where o.id = v.id
  `.execute(trx);
}

/** The `api` counter calls of a batch: each new one (not a replay) and not a bot's moves its offer's counter. */
export async function applyOfferCounterCalls(
  trx: Trx,
  calls: Enriched<AffiliateClickEvent>[],
): Promise<void> {
  if (!calls.length) return;
  const counted = await countedFirstDeliveries(trx, 'offer_counter_clicks', calls, offerCounterCallRow);
  await addToOfferCounters(
    trx,
    counted.map((e) => e.payload.offerId),
  );
}
