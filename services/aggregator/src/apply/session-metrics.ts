// session_metrics: one row per visitor (spec §3), moved by increments from every topic. Whichever event of
// a visitor is applied first creates the row; Kafka does not order events across topics.
import { sql } from 'kysely';
import type { Trx } from '../sql-helpers';
import { chunks } from '../sql-helpers';

export interface VisitorDelta {
  visitorId: string;
  firstSeen: string;
  lastSeen: string;
  visits?: number;
  pageViews?: number;
  bouncedVisits?: number;
  sessionTime?: number;
  affiliateClicks?: number;
  converted?: boolean;
  emailSubmitted?: boolean;
  lastUserAgent?: string | null;
  lastDeviceType?: string | null;
  acquisitionSource?: string | null;
}

/** A visitor's delta from one moment they were seen at (first and last seen then), with what it adds. */
export const visitorSeenAt = (
  visitorId: string,
  at: string,
  add: Omit<VisitorDelta, 'visitorId' | 'firstSeen' | 'lastSeen'> = {},
): VisitorDelta => ({ visitorId, firstSeen: at, lastSeen: at, ...add });

export function mergeVisitorDeltas(deltas: VisitorDelta[]): VisitorDelta[] {
  const byVisitor = new Map<string, VisitorDelta>();
  for (const d of deltas) {
    const seen = byVisitor.get(d.visitorId);
    if (!seen) {
      byVisitor.set(d.visitorId, { ...d });
      continue;
    }
    const later = d.lastSeen >= seen.lastSeen;
    seen.firstSeen = d.firstSeen < seen.firstSeen ? d.firstSeen : seen.firstSeen;
    seen.lastSeen = later ? d.lastSeen : seen.lastSeen;
    seen.visits = (seen.visits ?? 0) + (d.visits ?? 0);
    seen.pageViews = (seen.pageViews ?? 0) + (d.pageViews ?? 0);
    seen.bouncedVisits = (seen.bouncedVisits ?? 0) + (d.bouncedVisits ?? 0);
    seen.sessionTime = (seen.sessionTime ?? 0) + (d.sessionTime ?? 0);
    seen.affiliateClicks = (seen.affiliateClicks ?? 0) + (d.affiliateClicks ?? 0);
    seen.converted = !!(seen.converted || d.converted);
    seen.emailSubmitted = !!(seen.emailSubmitted || d.emailSubmitted);
    if (later && d.lastUserAgent !== undefined) seen.lastUserAgent = d.lastUserAgent;
    if (later && d.lastDeviceType !== undefined) seen.lastDeviceType = d.lastDeviceType;
    if (!seen.acquisitionSource && d.acquisitionSource) seen.acquisitionSource = d.acquisitionSource;
  }
  return [...byVisitor.values()].sort((a, b) => (a.visitorId < b.visitorId ? -1 : 1));
}

export async function applyVisitorDeltas(trx: Trx, deltas: VisitorDelta[]): Promise<void> {
  // One array per column (unnest), not one parameter per cell: a short statement to build, send and plan.
  for (const slice of chunks(mergeVisitorDeltas(deltas), 500)) {
    const column = <T>(cell: (d: VisitorDelta) => T) => slice.map(cell);
    await sql`
      insert into session_metrics as m (visitor_id, first_visit, last_visit, total_visits, total_page_views, bounced_visits,
        total_session_time, affiliate_clicks_count, conversion_completed, email_submitted, last_user_agent, last_device_type,
        acquisition_source, bounce_rate)
      select v.*, case when v.total_visits > 0 then round(100.0 * v.bounced_visits / v.total_visits, 2) else 0 end
      from unnest(
        ${column((d) => d.visitorId)}::text[], ${column((d) => d.firstSeen)}::timestamptz[],
        ${column((d) => d.lastSeen)}::timestamptz[], ${column((d) => d.visits ?? 0)}::int[],
        ${column((d) => d.pageViews ?? 0)}::int[], ${column((d) => d.bouncedVisits ?? 0)}::int[],
        ${column((d) => d.sessionTime ?? 0)}::int[], ${column((d) => d.affiliateClicks ?? 0)}::int[],
        ${column((d) => !!d.converted)}::boolean[], ${column((d) => !!d.emailSubmitted)}::boolean[],
        ${column((d) => d.lastUserAgent ?? null)}::text[], ${column((d) => d.lastDeviceType ?? null)}::text[],
        ${column((d) => d.acquisitionSource ?? null)}::text[]
      ) as v(visitor_id, first_visit, last_visit, total_visits, total_page_views, bounced_visits,
        total_session_time, affiliate_clicks_count, conversion_completed, email_submitted, last_user_agent, last_device_type,
        acquisition_source)
      on conflict (visitor_id) do update set
        first_visit = least(m.first_visit, excluded.first_visit),
        last_visit = greatest(m.last_visit, excluded.last_visit),
        total_visits = m.total_visits + excluded.total_visits,
        total_page_views = m.total_page_views + excluded.total_page_views,
        bounced_visits = m.bounced_visits + excluded.bounced_visits,
        bounce_rate = case when m.total_visits + excluded.total_visits > 0
          then round(100.0 * (m.bounced_visits + excluded.bounced_visits) / (m.total_visits + excluded.total_visits), 2) else 0 end,
        total_session_time = m.total_session_time + excluded.total_session_time,
        affiliate_clicks_count = m.affiliate_clicks_count + excluded.affiliate_clicks_count,
        conversion_completed = m.conversion_completed or excluded.conversion_completed,
        email_submitted = m.email_submitted or excluded.email_submitted,
        -- Events of other topics (journey, clicks) may be applied first and carry no device: a known value
        -- is never replaced by nothing, and a later one wins.
        last_user_agent = case when excluded.last_user_agent is not null and (m.last_user_agent is null or excluded.last_visit >= m.last_visit)
          then excluded.last_user_agent else m.last_user_agent end,
        last_device_type = case when excluded.last_device_type is not null and (m.last_device_type is null or excluded.last_visit >= m.last_visit)
          then excluded.last_device_type else m.last_device_type end,
        acquisition_source = coalesce(m.acquisition_source, excluded.acquisition_source)
    `.execute(trx);
  }
}
