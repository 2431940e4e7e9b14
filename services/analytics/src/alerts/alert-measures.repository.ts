// What the alert rules compare, read from the raw rows (there are no hourly aggregates): the same window of
// time — the last hours up to now — this week and at the same hours of each of the previous weeks, so a
// baseline follows the site's week (a quiet Sunday night is compared with Sunday nights). One query per
// raw table; the raw tables are indexed by their time (visited_at, clicked_at, received_at).
import { sql } from 'kysely';
import type { Db } from '@bodymetrics/db';

const hourMs = 60 * 60 * 1000;
const weekMs = 7 * 24 * hourMs;

/** The counted traffic of one window (`weeksAgo` 0 is the window ending now). */
export interface TrafficWindow {
  weeksAgo: number;
  /** Counted page views (bots left out). */
  pageViews: number;
  /** Page views tracking marked as a bot's. */
  botPageViews: number;
  /** Distinct visitors with a counted page view. */
  visitors: number;
  /** Counted offer clicks (bots left out), suspicious ones included. */
  clicks: number;
  suspiciousClicks: number;
  /** Distinct visitors with a counted offer click. */
  clickingVisitors: number;
}

/** One offer's counted clicks and conversions in each window, by weeks ago. */
export interface OfferWindows {
  offerId: number;
  title: string;
  clicks: number[];
  conversions: number[];
}

export interface ConversionWindows {
  /** Counted clicks of every offer, by weeks ago. */
  clicks: number[];
  /** Postbacks of any kind (a bot's click's too), by weeks ago. */
  postbacks: number[];
  /** Counted conversions (not of a bot's click), by weeks ago. */
  conversions: number[];
  offers: OfferWindows[];
}

/** The windows' bounds: `hours` up to `now`, and the same hours 1…`weeks` weeks before. */
const windowsSql = (now: Date, hours: number, weeks: number) => {
  const rows = Array.from({ length: weeks + 1 }, (_, k) => {
    const end = new Date(now.getTime() - k * weekMs);
    return sql`(${k}::int, ${new Date(end.getTime() - hours * hourMs).toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`;
  });
  return sql`windows (k, starts, ends) as (values ${sql.join(rows)})`;
};

const byWeek = (weeks: number, rows: { k: number; n: string | number }[]) => {
  const out = Array.from({ length: weeks + 1 }, () => 0);
  for (const r of rows) out[Number(r.k)] = Number(r.n);
  return out;
};

export async function readTrafficWindows(
  db: Db,
  now: Date,
  { hours, weeks }: { hours: number; weeks: number },
): Promise<TrafficWindow[]> {
  const { rows } = await sql<Record<string, string | number>>`
    with ${windowsSql(now, hours, weeks)}
    select w.k, pv.*, ck.* from windows w
    cross join lateral (
      select count(*) filter (where not is_bot) as page_views,
        count(*) filter (where is_bot) as bot_page_views,
        count(distinct visitor_id) filter (where not is_bot) as visitors
      from page_visits where visited_at >= w.starts and visited_at < w.ends
    ) pv
    cross join lateral (
      select count(*) filter (where not is_bot) as clicks,
        count(*) filter (where not is_bot and suspicious) as suspicious_clicks,
        count(distinct visitor_id) filter (where not is_bot) as clicking_visitors
      from affiliate_clicks where clicked_at >= w.starts and clicked_at < w.ends
    ) ck
    order by w.k
  `.execute(db);
  return rows.map((r) => ({
    weeksAgo: Number(r.k),
    pageViews: Number(r.page_views),
    botPageViews: Number(r.bot_page_views),
    visitors: Number(r.visitors),
    clicks: Number(r.clicks),
    suspiciousClicks: Number(r.suspicious_clicks),
    clickingVisitors: Number(r.clicking_visitors),
  }));
}

export async function readConversionWindows(
  db: Db,
  now: Date,
  { hours, weeks }: { hours: number; weeks: number },
): Promise<ConversionWindows> {
  const windows = windowsSql(now, hours, weeks);
  const [clicks, conversions] = await Promise.all([
    sql<{ k: number; offer_id: number; n: string }>`
      with ${windows}
      select w.k, c.offer_id, count(*) as n from windows w
      join affiliate_clicks c on c.clicked_at >= w.starts and c.clicked_at < w.ends and not c.is_bot
      group by 1, 2
    `.execute(db),
    sql<{ k: number; offer_id: number; n: string; counted: string }>`
      with ${windows}
      select w.k, o.offer_id, count(*) as n, count(*) filter (where not o.is_bot_click) as counted
      from windows w
      join offer_conversions o on o.received_at >= w.starts and o.received_at < w.ends
      group by 1, 2
    `.execute(db),
  ]);
  const offerIds = [...new Set([...clicks.rows, ...conversions.rows].map((r) => Number(r.offer_id)))];
  const titles = new Map(
    offerIds.length === 0
      ? []
      : (
          await db
            .selectFrom('affiliate_offers')
            .select(['id', 'title'])
            .where('id', 'in', offerIds)
            .execute()
        ).map((o) => [o.id, o.title]),
  );
  /** Every offer's rows added up per window. */
  const sum = (rows: { k: number; n: string | number }[]) => {
    const out = byWeek(weeks, []);
    for (const r of rows) out[Number(r.k)] = (out[Number(r.k)] ?? 0) + Number(r.n);
    return out;
  };
  return {
    clicks: sum(clicks.rows),
    postbacks: sum(conversions.rows),
    conversions: sum(conversions.rows.map((r) => ({ k: r.k, n: r.counted }))),
    offers: offerIds.map((offerId) => ({
      offerId,
      title: titles.get(offerId) ?? `#${offerId}`,
      clicks: byWeek(
        weeks,
        clicks.rows.filter((r) => Number(r.offer_id) === offerId),
      ),
      conversions: byWeek(
        weeks,
        conversions.rows.filter((r) => Number(r.offer_id) === offerId).map((r) => ({ k: r.k, n: r.counted })),
      ),
    })),
  };
}
