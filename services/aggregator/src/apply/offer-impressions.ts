// tracking.offer-impression.v1: the offers a bridge or results page view showed.
// Impressions are unique (docs/counting.md: Impressions): a counted visitor shown an offer at a
// placement counts once per local day, however many page views showed it — like unique clicks
// (unique-clicks.ts). offer_impression_visitors is the "seen before?" set. Only events whose raw row is new
// (first delivery) move an aggregate; a bot's call moves daily_bot_events only.
//
//   event field                          → table.column
//   (the whole call)                     → offer_impressions.*  (raw: offerImpressionRow)
//   isBot                                → offer_impressions.is_bot, daily_bot_events.events (bots: nothing below)
//   date (enriched: the operator's day), → offer_impression_visitors (date, offer, placement, visitor)
//     offerIds, placement, visitor
//     (enriched: the counted visitor)
//   the same, first time seen            → offer_daily_impressions.impressions
import type { OfferImpressionEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { offerImpressionRow } from '../raw-rows';
import { chunks, incrementRows, type Trx } from '../sql-helpers';
import { countedFirstDeliveries } from './counted-events';

type Seen = Pick<OfferImpressionEvent, 'placement'> & { date: string; offer_id: number; visitor_id: string };
const keyOf = (s: Seen) => `${s.date}|${s.offer_id}|${s.placement}|${s.visitor_id}`;

export async function applyOfferImpressionEvents(
  trx: Trx,
  batch: Enriched<OfferImpressionEvent>[],
): Promise<void> {
  const counted = await countedFirstDeliveries(trx, 'offer_impressions', batch, offerImpressionRow);

  // The batch's (day, offer, placement, visitor) quadruples, each once, then only those not seen before.
  const shown = new Map<string, Seen>();
  for (const { date, visitor: visitor_id, payload } of counted) {
    for (const offer_id of payload.offerIds) {
      const seen: Seen = { date, offer_id, placement: payload.placement, visitor_id };
      shown.set(keyOf(seen), seen);
    }
  }
  const firstSeen: Seen[] = [];
  for (const slice of chunks([...shown.values()])) {
    firstSeen.push(
      ...(await trx
        .insertInto('offer_impression_visitors')
        .values(slice)
        .onConflict((oc) => oc.columns(['date', 'offer_id', 'placement', 'visitor_id']).doNothing())
        .returning(['date', 'offer_id', 'placement', 'visitor_id'])
        .execute()),
    );
  }
  await incrementRows(
    trx,
    { table: 'offer_daily_impressions', keys: ['date', 'offer_id', 'placement'], counters: ['impressions'] },
    firstSeen.map(({ date, offer_id, placement }) => ({ date, offer_id, placement, impressions: 1 })),
  );
}
