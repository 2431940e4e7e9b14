// Unique clicks (docs/counting.md): a counted visitor clicking an offer counts once per offer and day,
// however many times they click it. affiliate_click_visitors is the "seen before?" set; a click without a
// visitor id (none comes from our pages) has no unique count.
import type { AffiliateClickEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { chunks, unnestRows, type Trx } from '../sql-helpers';

export interface UniqueClick {
  date: string;
  offerId: number;
  /** The first click of this visitor on this offer that day, in the batch. */
  clickedAt: string;
}

/** Records the batch's (visitor, offer, day) triples and returns the ones seen for the first time. */
export async function firstClicksOfTheDay(
  trx: Trx,
  counted: Enriched<AffiliateClickEvent>[],
): Promise<UniqueClick[]> {
  const first = new Map<string, { date: string; offer_id: number; visitor_id: string; clickedAt: string }>();
  for (const e of counted) {
    if (!e.visitor) continue;
    const row = { date: e.date, offer_id: e.payload.offerId, visitor_id: e.visitor, clickedAt: e.receivedAt };
    const key = `${row.date}|${row.offer_id}|${row.visitor_id}`;
    const seen = first.get(key);
    if (!seen || row.clickedAt < seen.clickedAt) first.set(key, row);
  }
  const unique: UniqueClick[] = [];
  for (const slice of chunks([...first.values()])) {
    const rows = await trx
      .insertInto('affiliate_click_visitors')
      .columns(['date', 'offer_id', 'visitor_id'])
      .expression(
        unnestRows(slice, [
          ['date', (c) => c.date],
          ['int4', (c) => c.offer_id],
          ['text', (c) => c.visitor_id],
        ]),
      )
      .onConflict((oc) => oc.columns(['date', 'offer_id', 'visitor_id']).doNothing())
      .returning(['date', 'offer_id', 'visitor_id'])
      .execute();
    for (const r of rows) {
      const row = first.get(`${r.date}|${r.offer_id}|${r.visitor_id}`);
      if (row) unique.push({ date: row.date, offerId: row.offer_id, clickedAt: row.clickedAt });
    }
  }
  return unique;
}
