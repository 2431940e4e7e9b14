// The offer's own counter, affiliate_offers.clicks (spec §3 "clicks (default 0)"). It moves for the spec's
// POST /api/affiliate-offers/{id}/click (source `api`: the results page sends it beside its full click
// record) and for a bridge click (the bridge page makes one call only). Those `api` calls are not
// analytics clicks: they are kept in offer_counter_clicks (their idempotency key), never in affiliate_clicks.
import { sql } from 'kysely';
import type { AffiliateClickEvent, Envelope } from '@bodymetrics/contracts';
import { countLeftOutBots, isBotEvent } from '../bots';
import { chunks, countBy, type Trx } from '../sql-helpers';

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
  calls: Envelope<AffiliateClickEvent>[],
  timeZone: string,
): Promise<void> {
  if (!calls.length) return;
  const isBot = (e: Envelope<AffiliateClickEvent>) => isBotEvent(e.payload.isBot, e.payload.userAgent);
  const fresh = new Set<string>();
  for (const slice of chunks(calls)) {
    const rows = await trx
      .insertInto('offer_counter_clicks')
      .values(
        slice.map((e) => ({
          event_id: e.id,
          offer_id: e.payload.offerId,
          is_bot: isBot(e),
          clicked_at: e.receivedAt,
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    for (const r of rows) fresh.add(r.event_id);
  }
  const applied = calls.filter((e) => fresh.has(e.id));
  await countLeftOutBots(trx, applied.filter(isBot), timeZone);
  await addToOfferCounters(
    trx,
    applied.filter((e) => !isBot(e)).map((e) => e.payload.offerId),
  );
}
