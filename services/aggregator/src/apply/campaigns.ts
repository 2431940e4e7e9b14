// Campaigns (docs/counting.md: Campaigns): per UTM campaign and term of a counted visitor's first touch,
// the visitors (on their first-touch day) and their offer clicks (on each click's day). A click and its
// visitor's first touch come on different topics, in either order: a click whose visitor has no first
// touch yet waits in campaign_pending_clicks, and the touch moves it into its campaign (or drops it, for a
// touch without a campaign) — so both orders count each click once.
import { sql } from 'kysely';
import { chunks, incrementRows, type IncrementSpec, type Trx } from '../sql-helpers';

const campaignTable: IncrementSpec<'daily_campaigns', 'date' | 'campaign' | 'term', 'visitors' | 'clicks'> = {
  table: 'daily_campaigns',
  keys: ['date', 'campaign', 'term'],
  counters: ['visitors', 'clicks'],
};

export interface CampaignTouch {
  visitorId: string;
  date: string;
  campaign: string | null;
  keyword: string | null;
}

/** First touches just stored (new rows only): their visitors, and the clicks that waited for them. */
export async function countCampaignTouches(trx: Trx, touches: CampaignTouch[]): Promise<void> {
  if (!touches.length) return;
  const pending = new Map<string, { date: string; clicks: number }[]>();
  for (const slice of chunks(touches, 500)) {
    const rows = await trx
      .deleteFrom('campaign_pending_clicks')
      .where(
        'visitor_id',
        'in',
        slice.map((t) => t.visitorId),
      )
      .returning(['visitor_id', sql<string>`date::text`.as('date'), 'clicks'])
      .execute();
    for (const r of rows) pending.set(r.visitor_id, [...(pending.get(r.visitor_id) ?? []), r]);
  }
  await incrementRows(
    trx,
    campaignTable,
    touches.flatMap((t) =>
      t.campaign === null
        ? []
        : [
            { date: t.date, campaign: t.campaign, term: t.keyword ?? '', visitors: 1 },
            ...(pending.get(t.visitorId) ?? []).map((p) => ({
              date: p.date,
              campaign: t.campaign!,
              term: t.keyword ?? '',
              clicks: p.clicks,
            })),
          ],
    ),
  );
}

/** Counted offer clicks (new raw rows, no bots) by counted visitor and click day. */
export async function countCampaignClicks(
  trx: Trx,
  clicks: { visitorKey: string; date: string }[],
): Promise<void> {
  if (!clicks.length) return;
  const visitors = [...new Set(clicks.map((c) => c.visitorKey))];
  const touchOf = new Map<string, { campaign: string | null; keyword: string | null }>();
  for (const slice of chunks(visitors, 500)) {
    const rows = await trx
      .selectFrom('traffic_sources')
      .select(['visitor_id', 'campaign', 'keyword'])
      .where('visitor_id', 'in', slice)
      .execute();
    for (const r of rows) touchOf.set(r.visitor_id, r);
  }
  const counted = [];
  const waiting = [];
  for (const c of clicks) {
    const touch = touchOf.get(c.visitorKey);
    if (!touch) waiting.push({ visitor_id: c.visitorKey, date: c.date, clicks: 1 });
    else if (touch.campaign !== null)
      counted.push({ date: c.date, campaign: touch.campaign, term: touch.keyword ?? '', clicks: 1 });
  }
  await incrementRows(trx, campaignTable, counted);
  await incrementRows(
    trx,
    { table: 'campaign_pending_clicks', keys: ['visitor_id', 'date'], counters: ['clicks'] },
    waiting,
  );
}
