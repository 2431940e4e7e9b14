// First touch per counted visitor (traffic_sources) and the per-day traffic table the dashboard reads.
// The visitor is the counted visitor of docs/counting.md (the daily visitor key, or the id kept on
// the device), so one person's two tabs are one visitor of one source. A visitor's conversion (first
// offer click, visitor_conversions) may be applied before or after their first touch (different topics),
// so both orders end with the visitor counted once as converted under their first-touch row. Batches of the
// two topics applied at the same time (partitions applied concurrently, several aggregators) cannot both
// miss the other's uncommitted row: before this step both lock a row they share — the same day's
// daily_visits row when the counted visitor is a daily key, the visitor's session_metrics row when it is
// the visitor id — so the second waits for the first to commit and then sees its row.
import { sql } from 'kysely';
import type { ClassifiedTrafficSource } from '@bodymetrics/contracts';
import { countCampaignTouches } from './campaigns';
import {
  chunks,
  incrementRows,
  unnestRows,
  type IncrementRow,
  type IncrementSpec,
  type Trx,
} from '../sql-helpers';

export interface FirstTouch extends ClassifiedTrafficSource {
  /** The counted visitor (the enriched event's `visitor`). */
  visitorKey: string;
  at: string;
  date: string;
  landingPage: string;
}

type TrafficKey = 'date' | 'source' | 'medium' | 'referrer_domain';
type TrafficCounter = 'visitors' | 'converted' | 'clicks' | 'suspicious_clicks';
/** An increment of daily_traffic: first-touch visitors, their conversions, their clicks (campaigns.ts). */
export type TrafficRow = IncrementRow<'daily_traffic', TrafficKey, TrafficCounter>;
const trafficTable: IncrementSpec<'daily_traffic', TrafficKey, TrafficCounter> = {
  table: 'daily_traffic',
  keys: ['date', 'source', 'medium', 'referrer_domain'],
  counters: ['visitors', 'converted', 'clicks', 'suspicious_clicks'],
};

/**
 * Moves daily_traffic by a batch's rows in one statement: rows merged and sorted, so concurrent aggregators
 * lock them in one order.
 */
export const addTrafficRows = (trx: Trx, rows: TrafficRow[]): Promise<void> =>
  incrementRows(trx, trafficTable, rows);

export async function applyFirstTouches(trx: Trx, touches: FirstTouch[]): Promise<void> {
  const rows: TrafficRow[] = [];
  for (const slice of chunks(touches, 500)) {
    const inserted = await trx
      .insertInto('traffic_sources')
      .columns([
        'visitor_id',
        'source',
        'medium',
        'campaign',
        'keyword',
        'referrer_domain',
        'landing_page',
        'first_visit',
        'first_visit_date',
      ])
      .expression(
        unnestRows(slice, [
          ['text', (t) => t.visitorKey],
          ['text', (t) => t.source],
          ['text', (t) => t.medium],
          ['text', (t) => t.campaign],
          ['text', (t) => t.keyword],
          ['text', (t) => t.referrerDomain],
          ['text', (t) => t.landingPage.slice(0, 2048)],
          ['timestamptz', (t) => t.at],
          ['date', (t) => t.date],
        ]),
      )
      .onConflict((oc) => oc.column('visitor_id').doNothing())
      .returning([
        'visitor_id',
        'first_visit_date',
        'source',
        'medium',
        'referrer_domain',
        'campaign',
        'keyword',
      ])
      .execute();
    if (!inserted.length) continue;
    // The clicks that waited for these touches count under them now (campaigns.ts).
    rows.push(
      ...(await countCampaignTouches(
        trx,
        inserted.map((r) => ({
          visitorId: r.visitor_id,
          date: r.first_visit_date,
          campaign: r.campaign,
          keyword: r.keyword,
          source: r.source,
          medium: r.medium,
          referrerDomain: r.referrer_domain,
        })),
      )),
    );
    const converted = new Set(
      (
        await trx
          .selectFrom('visitor_conversions')
          .select('visitor_id')
          .where(
            'visitor_id',
            'in',
            inserted.map((r) => r.visitor_id),
          )
          .execute()
      ).map((r) => r.visitor_id),
    );
    for (const r of inserted) {
      rows.push({
        date: r.first_visit_date,
        source: r.source,
        medium: r.medium,
        referrer_domain: r.referrer_domain ?? '',
        visitors: 1,
        converted: converted.has(r.visitor_id) ? 1 : 0,
      });
    }
  }
  await addTrafficRows(trx, rows);
}

/**
 * Offer clicks of counted visitors: each visitor's first one is their conversion, counted under their
 * first-touch row if it exists yet (else applyFirstTouches counts it when the touch arrives). Answers the
 * daily_traffic rows it moves, for the caller's one increment (addTrafficRows).
 */
export async function countConversions(
  trx: Trx,
  clicks: { visitorKey: string; at: string }[],
): Promise<TrafficRow[]> {
  const first = new Map<string, string>();
  for (const c of clicks)
    if (!first.has(c.visitorKey) || c.at < first.get(c.visitorKey)!) first.set(c.visitorKey, c.at);
  if (!first.size) return [];
  const fresh: string[] = [];
  for (const slice of chunks(
    [...first.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    500,
  )) {
    const rows = await trx
      .insertInto('visitor_conversions')
      .columns(['visitor_id', 'converted_at'])
      .expression(
        unnestRows(slice, [
          ['text', ([visitorKey]) => visitorKey],
          ['timestamptz', ([, at]) => at],
        ]),
      )
      .onConflict((oc) => oc.column('visitor_id').doNothing())
      .returning('visitor_id')
      .execute();
    for (const r of rows) fresh.push(r.visitor_id);
  }
  if (!fresh.length) return [];
  const rows = await sql<{
    date: string;
    source: string;
    medium: string;
    referrer_domain: string;
    converted: number;
  }>`
    select first_visit_date::text as date, source, medium, coalesce(referrer_domain, '') as referrer_domain, count(*)::int as converted
    from traffic_sources where visitor_id = any(${fresh}::text[])
    group by 1, 2, 3, 4
  `.execute(trx);
  return rows.rows;
}
