// Offer clicks under their visitor's first touch (docs/counting.md: Campaigns, Traffic Sources): per UTM
// campaign and term, the visitors (on their first-touch day) and their offer clicks (on each click's day);
// per traffic source, the clicks and the suspicious ones among them (the denominator and numerator of its
// suspicious share). A click and its visitor's first touch come on different topics, in either order: a click
// whose visitor has no first touch yet waits in campaign_pending_clicks, and the touch moves it into its
// campaign (when it has one) and its traffic source — so both orders count each click once.
import { sql } from 'kysely';
import { chunks, incrementRows, type IncrementSpec, type Trx } from '../sql-helpers';
import type { TrafficRow } from './traffic';

const campaignTable: IncrementSpec<
  'daily_campaigns',
  'date' | 'campaign' | 'term',
  'visitors' | 'clicks' | 'suspicious_clicks'
> = {
  table: 'daily_campaigns',
  keys: ['date', 'campaign', 'term'],
  counters: ['visitors', 'clicks', 'suspicious_clicks'],
};

/** A counted visitor's first touch: its campaign and term, and the traffic source row it counts under. */
export interface CampaignTouch {
  visitorId: string;
  date: string;
  campaign: string | null;
  keyword: string | null;
  source: string;
  medium: string;
  referrerDomain: string | null;
}

/** A counted offer click (new raw row, no bot) by its visitor, on its day, with its verdict. */
export interface FirstTouchClick {
  visitorKey: string;
  date: string;
  suspicious: boolean;
}

type Touch = Omit<CampaignTouch, 'visitorId' | 'date'>;
type Clicks = { date: string; clicks: number; suspicious_clicks: number };

/** The campaign row and the traffic row that clicks of a touch's visitor count in. */
function clickRowsOf(touch: Touch, clicks: Clicks) {
  const counts = { clicks: clicks.clicks, suspicious_clicks: clicks.suspicious_clicks };
  const traffic: TrafficRow = {
    date: clicks.date,
    source: touch.source,
    medium: touch.medium,
    referrer_domain: touch.referrerDomain ?? '',
    ...counts,
  };
  const campaign =
    touch.campaign === null
      ? []
      : [{ date: clicks.date, campaign: touch.campaign, term: touch.keyword ?? '', ...counts }];
  return { traffic, campaign };
}

/**
 * First touches just stored (new rows only): their visitors, and the clicks that waited for them. Answers
 * the traffic rows of those clicks, for the caller's one daily_traffic increment.
 */
export async function countCampaignTouches(trx: Trx, touches: CampaignTouch[]): Promise<TrafficRow[]> {
  if (!touches.length) return [];
  const pending = new Map<string, Clicks[]>();
  for (const slice of chunks(touches, 500)) {
    const rows = await trx
      .deleteFrom('campaign_pending_clicks')
      .where(
        'visitor_id',
        'in',
        slice.map((t) => t.visitorId),
      )
      .returning(['visitor_id', sql<string>`date::text`.as('date'), 'clicks', 'suspicious_clicks'])
      .execute();
    for (const r of rows) pending.set(r.visitor_id, [...(pending.get(r.visitor_id) ?? []), r]);
  }
  const waited = touches.flatMap((t) => (pending.get(t.visitorId) ?? []).map((p) => clickRowsOf(t, p)));
  await incrementRows(trx, campaignTable, [
    ...touches.flatMap((t) =>
      t.campaign === null ? [] : [{ date: t.date, campaign: t.campaign, term: t.keyword ?? '', visitors: 1 }],
    ),
    ...waited.flatMap((w) => w.campaign),
  ]);
  return waited.map((w) => w.traffic);
}

/**
 * Counted offer clicks: each in its visitor's first-touch campaign, or waiting for that touch. Answers the
 * traffic rows of the clicks whose touch is known, for the caller's one daily_traffic increment.
 */
export async function countCampaignClicks(trx: Trx, clicks: FirstTouchClick[]): Promise<TrafficRow[]> {
  if (!clicks.length) return [];
  const visitors = [...new Set(clicks.map((c) => c.visitorKey))];
  const touchOf = new Map<string, Touch>();
  for (const slice of chunks(visitors, 500)) {
    const rows = await trx
      .selectFrom('traffic_sources')
      .select(['visitor_id', 'campaign', 'keyword', 'source', 'medium', 'referrer_domain'])
      .where('visitor_id', 'in', slice)
      .execute();
    for (const r of rows) touchOf.set(r.visitor_id, { ...r, referrerDomain: r.referrer_domain });
  }
  const counted = [];
  const waiting = [];
  for (const c of clicks) {
    const one = { date: c.date, clicks: 1, suspicious_clicks: c.suspicious ? 1 : 0 };
    const touch = touchOf.get(c.visitorKey);
    if (touch) counted.push(clickRowsOf(touch, one));
    else waiting.push({ visitor_id: c.visitorKey, ...one });
  }
  await incrementRows(
    trx,
    campaignTable,
    counted.flatMap((c) => c.campaign),
  );
  await incrementRows(
    trx,
    {
      table: 'campaign_pending_clicks',
      keys: ['visitor_id', 'date'],
      counters: ['clicks', 'suspicious_clicks'],
    },
    waiting,
  );
  return counted.map((c) => c.traffic);
}
