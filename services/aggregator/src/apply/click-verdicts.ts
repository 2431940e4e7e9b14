// Checked clicks (docs/counting.md: Suspicious click): each offer click gets its suspicion verdict once, when
// its raw row is first stored — in the same transaction, from what is stored by then — and keeps it in
// affiliate_clicks.suspicious / .suspicion_reasons. A redelivery or a replay stores no new row, so it is never
// judged again and counts nothing twice: the stored verdict is the click's for good.
//
//   event field / stored row            → fact (suspicion.ts)
//   visitor (enriched), clicked_at       → visitorClicksInMinute (affiliate_clicks by visitor_key),
//                                          earlierClicksOnOffer (… and offer_id, source)
//   ipAddress (the stored network)       → networkClicksInMinute (affiliate_clicks by ip_address)
//   visitor, source, sessionId, offerId  → msSinceOffersShown (offer_impressions: visitor, placement, tab)
//   visitor, date (enriched)             → pageViewToday (daily_visitors)
//   isBot (enriched)                     → automation
//
// The click topic is keyed by the visitor as counted, so one visitor's clicks are applied in the order they
// came, by one aggregator. One network's visitors are on several partitions, though, which several
// aggregators (or one, AGGREGATOR_PARTITIONS_CONCURRENTLY) apply at once: each transaction therefore takes an
// advisory lock per visitor key and network of its batch before anything else, so of two batches with clicks
// of one network the second waits for the first to commit, then counts its clicks in the minute. Clicks
// received at the same millisecond are ordered by event id, so the minute's count is the same whichever
// batch a click came in. What a rule reads from another topic (the page view, the impression) is what the
// aggregator had applied when it judged the click.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AffiliateClickEvent } from '@bodymetrics/contracts';
import { advisoryLocks } from '@bodymetrics/db';
import type { Enriched } from '../enrich';
import { chunks, type Trx } from '../sql-helpers';
import { suspicionOf, suspicionWindows, type ClickRules, type Suspicion } from '../suspicion';

/** A click with its verdict. */
export type CheckedClick = Enriched<AffiliateClickEvent> & { suspicion: Suspicion };

/** pg_advisory_xact_lock's first key for the click verdict's locks. */
const clickVerdictLockSpace = advisoryLocks.clickVerdictSpace;

/** A lock key's second half: the first 32 bits of its SHA-256, so every process sorts the keys alike. */
const lockIdOf = (key: string): number => createHash('sha256').update(key).digest().readInt32BE(0);

/**
 * Locks the visitor keys and networks of the batch's clicks until the transaction ends, in one order for every
 * aggregator (no two can each wait for the other). Called before the applier locks any row.
 */
export async function lockClickKeys(trx: Trx, clicks: Enriched<AffiliateClickEvent>[]): Promise<void> {
  const keys = new Set<string>();
  for (const e of clicks) {
    if (e.visitor) keys.add(`visitor:${e.visitor}`);
    if (e.payload.ipAddress) keys.add(`network:${e.payload.ipAddress}`);
  }
  if (!keys.size) return;
  const ids = [...new Set([...keys].map(lockIdOf))].sort((a, b) => a - b);
  // unnest yields the ids in the array's order, and each row's lock is taken as the row is produced.
  await sql`
    select count(pg_advisory_xact_lock(${clickVerdictLockSpace}::int, id))
    from unnest(${ids}::int[]) as id
  `.execute(trx);
}

interface FactsRow {
  event_id: string;
  visitor_clicks: number;
  network_clicks: number;
  earlier_on_offer: number;
  ms_since_shown: number | null;
  page_view_today: boolean;
}

/**
 * The facts of each click of a slice, looked up in one statement. Every look-back is a short time range of an
 * index the raw tables have: the visitor's and the network's clicks of the minute of
 * affiliate_clicks_visitor_key_idx and affiliate_clicks_network_idx, the offer's clicks of the last minutes of
 * affiliate_clicks_offer_idx, the impressions of the 800 ms before of offer_impressions_shown_at_idx.
 */
async function factsOf(trx: Trx, clicks: Enriched<AffiliateClickEvent>[]): Promise<Map<string, FactsRow>> {
  const { rateMs, repeatMs, offersShownMs } = suspicionWindows;
  const { rows } = await sql<FactsRow>`
    with v as (
      select * from unnest(
        ${clicks.map((e) => e.id)}::uuid[],
        ${clicks.map((e) => e.receivedAt)}::timestamptz[],
        ${clicks.map((e) => e.date)}::date[],
        ${clicks.map((e) => e.visitor)}::text[],
        ${clicks.map((e) => e.payload.ipAddress)}::text[],
        ${clicks.map((e) => e.payload.offerId)}::int[],
        ${clicks.map((e) => e.payload.source)}::text[],
        ${clicks.map((e) => e.payload.sessionId ?? null)}::text[]
      ) as v(event_id, clicked_at, click_date, visitor_key, network, offer_id, source, session_id)
    )
    select
      v.event_id::text as event_id,
      (select count(*)::int from affiliate_clicks c
        where c.visitor_key = v.visitor_key
          and c.clicked_at > v.clicked_at - ${rateMs}::int * interval '1 millisecond'
          and c.clicked_at <= v.clicked_at
          and (c.clicked_at, c.event_id) <= (v.clicked_at, v.event_id)) as visitor_clicks,
      (select count(*)::int from affiliate_clicks c
        where c.ip_address = v.network
          and c.clicked_at > v.clicked_at - ${rateMs}::int * interval '1 millisecond'
          and c.clicked_at <= v.clicked_at
          and (c.clicked_at, c.event_id) <= (v.clicked_at, v.event_id)) as network_clicks,
      (select count(*)::int from affiliate_clicks c
        where c.visitor_key = v.visitor_key and c.offer_id = v.offer_id and c.source = v.source
          and c.clicked_at >= v.clicked_at - ${repeatMs}::int * interval '1 millisecond'
          and c.clicked_at <= v.clicked_at
          and (c.clicked_at, c.event_id) < (v.clicked_at, v.event_id)) as earlier_on_offer,
      (select floor(extract(epoch from v.clicked_at - max(i.shown_at)) * 1000)::int from offer_impressions i
        where i.visitor_id = v.visitor_key and i.placement = v.source and v.offer_id = any(i.offer_ids)
          and (v.session_id is null or i.session_id = v.session_id)
          and i.shown_at <= v.clicked_at
          and i.shown_at > v.clicked_at - ${offersShownMs}::int * interval '1 millisecond') as ms_since_shown,
      exists (select 1 from daily_visitors d
        where d.date = v.click_date and d.visitor_id = v.visitor_key) as page_view_today
    from v
  `.execute(trx);
  return new Map(rows.map((r) => [r.event_id.toLowerCase(), r]));
}

/**
 * Judges the clicks whose raw rows this batch just stored (bots' too: automation is one of the reasons) and
 * stores the verdicts of the suspicious ones; answers each click with its verdict, in the same order.
 */
export async function judgeClicks(
  trx: Trx,
  fresh: Enriched<AffiliateClickEvent>[],
  rules: ClickRules,
): Promise<CheckedClick[]> {
  const checked: CheckedClick[] = [];
  for (const slice of chunks(fresh, 500)) {
    const facts = await factsOf(trx, slice);
    for (const e of slice) {
      const f = facts.get(e.id.toLowerCase());
      if (!f) throw new Error(`no verdict facts for click ${e.id}`);
      const suspicion = suspicionOf(
        {
          msSinceOffersShown: f.ms_since_shown,
          visitorClicksInMinute: f.visitor_clicks,
          networkClicksInMinute: f.network_clicks,
          earlierClicksOnOffer: f.earlier_on_offer,
          pageViewToday: f.page_view_today,
          isBot: e.isBot,
        },
        rules,
      );
      checked.push({ ...e, suspicion });
    }
  }
  await storeVerdicts(
    trx,
    checked.filter((c) => c.suspicion.suspicious),
  );
  return checked;
}

/** Marks the suspicious clicks' raw rows (the rest keep the columns' defaults: not suspicious, no reason). */
async function storeVerdicts(trx: Trx, suspicious: CheckedClick[]): Promise<void> {
  for (const slice of chunks(suspicious, 1000)) {
    await sql`
      update affiliate_clicks as c
      set suspicious = true, suspicion_reasons = string_to_array(v.reasons, ',')
      from unnest(
        ${slice.map((e) => e.id)}::uuid[],
        ${slice.map((e) => e.receivedAt)}::timestamptz[],
        ${slice.map((e) => e.suspicion.reasons.join(','))}::text[]
      ) as v(event_id, clicked_at, reasons)
      where c.event_id = v.event_id and c.clicked_at = v.clicked_at
    `.execute(trx);
  }
}
