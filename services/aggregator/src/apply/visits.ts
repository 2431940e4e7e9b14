// Visits, bounces and the seconds of visits (docs/counting.md, modelled on GA4's engaged session).
// A visit is a browser tab session (sessionId) with at least one counted page view. It is engaged when it
// has two or more page views, a journey step past `landing`, an offer click, or at least 10 s on site; a
// bounce is a visit that is not engaged. Its seconds on site are the sum of its session-duration beacons,
// never more than the time between its first and last events as received: a beacon's duration is the
// page's claim, so no visit counts past its own length, however many beacons a client sends.
//
// Kafka orders events only within a topic and key, so a journey step, a click or a beacon may be applied
// before the session's page view. Every topic therefore adds its part to the session's counters in
// visitor_sessions; under the row lock of the upsert the state before the batch is exactly the state after
// minus the batch's increments (the counted seconds, capped by times that a difference cannot undo, are
// read back as they were: counted_seconds_before), and daily_visits / session_metrics move by the
// difference of (visit?, bounce?, seconds) before and after. Appliers pass only events whose raw row is new, so redelivery moves
// nothing. The rows this returns are meant for the applier's own daily_visits and session_metrics upserts,
// which come after this one: every applier locks visitor_sessions before daily_visits before session_metrics.
import { sql } from 'kysely';
import { chunks, unnestRows, type IncrementRow, type Trx } from '../sql-helpers';
import type { VisitorDelta } from './session-metrics';

/** Seconds on site from which a visit is engaged. */
export const engagedSeconds = 10;

export interface SessionState {
  pageViews: number;
  engagingSteps: number;
  offerClicks: number;
  /** The seconds the visit counts (its beacons' sum within its elapsed time). */
  seconds: number;
}

/** One event's contribution to its session; an event that names no session (or no visitor) adds nothing. */
export interface SessionIncrement extends Partial<SessionState> {
  sessionId: string | null | undefined;
  visitorId: string | null | undefined;
  /** The operator's calendar day of the event, and its time: a page view's become the visit's start. */
  date: string;
  at: string;
}

/** An event's increment of its session: what it adds (`add`), on the event's day and at its receipt. */
export const sessionIncrementOf = (
  e: { payload: { sessionId?: string | null; visitorId?: string | null }; date: string; receivedAt: string },
  add: Partial<SessionState>,
): SessionIncrement => ({
  sessionId: e.payload.sessionId,
  visitorId: e.payload.visitorId,
  date: e.date,
  at: e.receivedAt,
  ...add,
});

export const isVisit = (s: SessionState): boolean => s.pageViews > 0;

export const isEngaged = (s: SessionState): boolean =>
  s.pageViews >= 2 || s.engagingSteps > 0 || s.offerClicks > 0 || s.seconds >= engagedSeconds;

const isBounce = (s: SessionState): boolean => isVisit(s) && !isEngaged(s);

/** Whole seconds from the first event to the last, rounded up (Postgres' ceil of the interval's epoch). */
const elapsedSeconds = (firstAt: string, lastAt: string): number =>
  Math.ceil((Date.parse(lastAt) - Date.parse(firstAt)) / 1000);

/** What a session adds to its day's visit figures: 1 visit, 1 bounce and its seconds, or nothing. */
function visitFigures(s: SessionState) {
  const visit = isVisit(s);
  return { visits: visit ? 1 : 0, bounces: isBounce(s) ? 1 : 0, seconds: visit ? s.seconds : 0 };
}

interface Merged extends SessionState {
  visitorId: string;
  date: string;
  at: string;
  /** The batch's earliest and latest events of the session (ISO times). */
  firstAt: string;
  lastAt: string;
}

function mergeBySession(increments: SessionIncrement[]): Map<string, Merged> {
  const merged = new Map<string, Merged>();
  for (const i of increments) {
    if (!i.sessionId || !i.visitorId) continue;
    const add: SessionState = {
      pageViews: i.pageViews ?? 0,
      engagingSteps: i.engagingSteps ?? 0,
      offerClicks: i.offerClicks ?? 0,
      seconds: i.seconds ?? 0,
    };
    if (!add.pageViews && !add.engagingSteps && !add.offerClicks && !add.seconds) continue;
    const seen = merged.get(i.sessionId);
    if (!seen) {
      merged.set(i.sessionId, {
        visitorId: i.visitorId,
        date: i.date,
        at: i.at,
        firstAt: i.at,
        lastAt: i.at,
        ...add,
      });
      continue;
    }
    if (i.at < seen.firstAt) seen.firstAt = i.at;
    if (i.at > seen.lastAt) seen.lastAt = i.at;
    // The visit starts with its earliest page view; before any, with the earliest event.
    const pageViewFirst = add.pageViews > 0 && (seen.pageViews === 0 || i.at < seen.at);
    if (pageViewFirst || (seen.pageViews === 0 && add.pageViews === 0 && i.at < seen.at)) {
      seen.visitorId = i.visitorId;
      seen.date = i.date;
      seen.at = i.at;
    }
    seen.pageViews += add.pageViews;
    seen.engagingSteps += add.engagingSteps;
    seen.offerClicks += add.offerClicks;
    seen.seconds += add.seconds;
  }
  return merged;
}

/** How a day's visit figures moved (a daily_visits increment). */
export type VisitFigures = IncrementRow<
  'daily_visits',
  'date',
  'sessions' | 'bounced_sessions' | 'visit_seconds'
>;

/**
 * Adds the increments to their sessions and answers how the visit figures moved: rows for daily_visits
 * (sessions, bounced_sessions, visit_seconds, on the visit's start day) and deltas for session_metrics
 * (visits, bounced visits of the session's visitor).
 */
export async function applySessionIncrements(
  trx: Trx,
  increments: SessionIncrement[],
): Promise<{ daily: VisitFigures[]; visitorDeltas: VisitorDelta[] }> {
  const merged = mergeBySession(increments);
  const daily: VisitFigures[] = [];
  const visitorDeltas: VisitorDelta[] = [];
  // Sorted: concurrent aggregators lock session rows in the same order.
  const sessions = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const slice of chunks(sessions, 500)) {
    const rows = await sql<{
      session_id: string;
      visitor_id: string;
      start_date: string;
      started_at: Date | string;
      page_views: number;
      engaging_steps: number;
      offer_clicks: number;
      counted_seconds: number;
      counted_seconds_before: number;
    }>`
      insert into visitor_sessions as s
        (session_id, visitor_id, start_date, started_at, page_views, engaging_steps, offer_clicks, seconds,
         first_event_at, last_event_at, counted_seconds, counted_seconds_before)
      ${unnestRows(slice, [
        ['text', ([sid]) => sid],
        ['text', ([, m]) => m.visitorId],
        ['date', ([, m]) => m.date],
        ['timestamptz', ([, m]) => m.at],
        ['int4', ([, m]) => m.pageViews],
        ['int4', ([, m]) => m.engagingSteps],
        ['int4', ([, m]) => m.offerClicks],
        ['int4', ([, m]) => m.seconds],
        ['timestamptz', ([, m]) => m.firstAt],
        ['timestamptz', ([, m]) => m.lastAt],
        ['int4', ([, m]) => Math.min(m.seconds, elapsedSeconds(m.firstAt, m.lastAt))],
        ['int4', () => 0],
      ])}
      on conflict (session_id) do update set
        -- Until its first page view a session is not a visit and nothing was counted on its day: that page
        -- view sets the visit's day and visitor.
        start_date = case when s.page_views = 0 and excluded.page_views > 0 then excluded.start_date else s.start_date end,
        started_at = case when s.page_views = 0 and excluded.page_views > 0 then excluded.started_at else s.started_at end,
        visitor_id = case when s.page_views = 0 and excluded.page_views > 0 then excluded.visitor_id else s.visitor_id end,
        page_views = s.page_views + excluded.page_views,
        engaging_steps = s.engaging_steps + excluded.engaging_steps,
        offer_clicks = s.offer_clicks + excluded.offer_clicks,
        seconds = s.seconds + excluded.seconds,
        first_event_at = least(s.first_event_at, excluded.first_event_at),
        last_event_at = greatest(s.last_event_at, excluded.last_event_at),
        counted_seconds = least(
          s.seconds + excluded.seconds,
          ceil(extract(epoch from greatest(s.last_event_at, excluded.last_event_at)
                                - least(s.first_event_at, excluded.first_event_at)))::int
        ),
        counted_seconds_before = s.counted_seconds
      returning session_id, visitor_id, start_date, started_at, page_views, engaging_steps, offer_clicks,
        counted_seconds, counted_seconds_before
    `.execute(trx);
    for (const r of rows.rows) {
      const m = merged.get(r.session_id);
      if (!m) continue;
      const after: SessionState = {
        pageViews: r.page_views,
        engagingSteps: r.engaging_steps,
        offerClicks: r.offer_clicks,
        seconds: r.counted_seconds,
      };
      const before: SessionState = {
        pageViews: after.pageViews - m.pageViews,
        engagingSteps: after.engagingSteps - m.engagingSteps,
        offerClicks: after.offerClicks - m.offerClicks,
        seconds: r.counted_seconds_before,
      };
      const was = visitFigures(before);
      const now = visitFigures(after);
      const visits = now.visits - was.visits;
      const bounces = now.bounces - was.bounces;
      const seconds = now.seconds - was.seconds;
      if (!visits && !bounces && !seconds) continue;
      daily.push({ date: r.start_date, sessions: visits, bounced_sessions: bounces, visit_seconds: seconds });
      if (!visits && !bounces) continue;
      const startedAt = new Date(r.started_at).toISOString();
      visitorDeltas.push({
        visitorId: r.visitor_id,
        firstSeen: startedAt,
        lastSeen: startedAt,
        visits,
        bouncedVisits: bounces,
      });
    }
  }
  return { daily, visitorDeltas };
}
