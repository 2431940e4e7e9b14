// tracking.page-visit.v1: a page view (kind `visit`) or a page-leave beacon (kind `leave`). Only events
// whose raw row is new (first delivery) move an aggregate; a bot's view moves daily_bot_events only.
// Steps, in this order: rawRows; pageViews, uniqueVisitors (daily_visitors) and visits (visitor_sessions),
// whose increments go to daily_visits, daily_devices, daily_geo; perVisitorMetrics (session_metrics);
// firstTouches (traffic_sources, daily_traffic).
//
//   event field                        → table.column
//   (the whole view / leave)           → page_visits.* / page_leaves.*  (raw: pageVisitRow, pageLeaveRow)
//   isBot                              → daily_bot_events.events (bots move nothing below)
//   date (enriched: the operator's     → the `date` of every daily_* row below
//     day of receivedAt)
//   each view                          → daily_visits.total_page_views, session_metrics.total_page_views
//   visitor (enriched: the counted     → daily_visitors (visitor, day), daily_visits.unique_visitors,
//     visitor), first view of the day    daily_devices.visitors, daily_geo.visitors
//   the first view of the day, by the  → daily_visits.<counter> of contracts' dailyVisitorCounters
//     figures catalogue's predicates     (mobile_visitors: deviceType, returning_visitors:
//                                        isReturningVisitor)
//   deviceType                         → daily_devices.device_type, session_metrics.last_device_type
//   browserName, operatingSystem       → daily_devices.browser_name, .operating_system
//   timeZone, language                 → daily_geo.time_zone, .language
//   sessionId, visitorId               → visitor_sessions.page_views, and through it daily_visits.sessions,
//                                        .bounced_sessions, .visit_seconds, session_metrics.total_visits,
//                                        .bounced_visits, .bounce_rate (apply/visits.ts)
//   no sessionId                       → session_metrics.total_visits (each load its own visit)
//   visitorId, receivedAt              → session_metrics.visitor_id, .first_visit, .last_visit
//   userAgent ?? requestUserAgent      → session_metrics.last_user_agent
//   referrer, pageUrl (classified),    → traffic_sources.* (the counted visitor's first touch),
//     first view of the visitor          session_metrics.acquisition_source, daily_traffic.visitors
//                                        (and .converted if they already clicked an offer: apply/traffic.ts)
import {
  classifyTrafficSource,
  dailyVisitorCounters,
  type DailyVisitorCounter,
  type PageVisitEvent,
} from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { isPageLeave, isPageView, pageLeaveRow, pageVisitRow, type PageView } from '../raw-rows';
import {
  chunks,
  incrementRows,
  insertFreshRows,
  unnestRows,
  type IncrementRow,
  type Trx,
} from '../sql-helpers';
import { countedFirstDeliveries } from './counted-events';
import { applyVisitorDeltas, visitorSeenAt, type VisitorDelta } from './session-metrics';
import { applyFirstTouches, type FirstTouch } from './traffic';
import { applySessionIncrements, sessionIncrementOf } from './visits';

type View = Enriched<PageView>;
/** The catalogue's once-per-visitor-and-day counters of daily_visits. */
const visitorCounters = Object.keys(dailyVisitorCounters) as DailyVisitorCounter[];
type DailyVisits = IncrementRow<
  'daily_visits',
  'date',
  | 'total_page_views'
  | 'unique_visitors'
  | DailyVisitorCounter
  | 'sessions'
  | 'bounced_sessions'
  | 'visit_seconds'
>;
type DailyDevices = IncrementRow<
  'daily_devices',
  'date' | 'device_type' | 'browser_name' | 'operating_system',
  'visitors'
>;
type DailyGeo = IncrementRow<'daily_geo', 'date' | 'time_zone' | 'language', 'visitors'>;

export async function applyPageVisitEvents(trx: Trx, events: Enriched<PageVisitEvent>[]): Promise<void> {
  const counted = await rawRows(trx, events);
  if (!counted.length) return;

  const daily: DailyVisits[] = pageViews(counted);
  const visitors = await uniqueVisitors(trx, counted);
  daily.push(...visitors.daily);
  const visitFigures = await visits(trx, counted);
  daily.push(...visitFigures.daily);
  await incrementRows(
    trx,
    {
      table: 'daily_visits',
      keys: ['date'],
      counters: [
        'total_page_views',
        'unique_visitors',
        ...visitorCounters,
        'sessions',
        'bounced_sessions',
        'visit_seconds',
      ],
    },
    daily,
  );
  await incrementRows(
    trx,
    {
      table: 'daily_devices',
      keys: ['date', 'device_type', 'browser_name', 'operating_system'],
      counters: ['visitors'],
    },
    visitors.devices,
  );
  await incrementRows(
    trx,
    { table: 'daily_geo', keys: ['date', 'time_zone', 'language'], counters: ['visitors'] },
    visitors.geo,
  );

  // Per-visitor metrics, then first touch (which needs to know whether the visitor already converted).
  const touches = firstTouches(counted);
  await applyVisitorDeltas(trx, [
    ...visitFigures.visitorDeltas,
    ...perVisitorMetrics(counted),
    ...touches.map((t) => visitorSeenAt(t.visitorId, t.at, { acquisitionSource: t.source })),
  ]);
  await applyFirstTouches(trx, firstOfEachCountedVisitor(touches));
}

/**
 * Raw rows: leaves and views are stored; new bot views are counted as left out. Answers the new views of
 * people, in the order they were received (the aggregates' "first" and "last" follow it).
 */
async function rawRows(trx: Trx, events: Enriched<PageVisitEvent>[]): Promise<View[]> {
  await insertFreshRows(
    trx,
    'page_leaves',
    events.filter(isPageLeave).map((e) => pageLeaveRow(e)),
  );
  const views: View[] = events.filter(isPageView);
  if (!views.length) return [];
  const counted = await countedFirstDeliveries(trx, 'page_visits', views, pageVisitRow);
  return counted.sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : 1));
}

/** Page views per day. */
const pageViews = (counted: View[]): DailyVisits[] =>
  counted.map((e) => ({ date: e.date, total_page_views: 1 }));

/**
 * Unique visitors per day (the counted visitor: docs/counting.md), and the device and geography rows,
 * which count each visitor once a day: a visitor-day is new when its daily_visitors row is.
 */
async function uniqueVisitors(
  trx: Trx,
  counted: View[],
): Promise<{ daily: DailyVisits[]; devices: DailyDevices[]; geo: DailyGeo[] }> {
  const firstOfDay = new Map<string, View>();
  for (const e of counted) {
    const key = `${e.date}|${e.visitor}`;
    if (!firstOfDay.has(key)) firstOfDay.set(key, e);
  }
  const newVisitorDays = new Set<string>();
  for (const slice of chunks([...firstOfDay.values()])) {
    const rows = await trx
      .insertInto('daily_visitors')
      .columns(['date', 'visitor_id'])
      .expression(
        unnestRows(slice, [
          ['date', (e) => e.date],
          ['text', (e) => e.visitor],
        ]),
      )
      .onConflict((oc) => oc.columns(['date', 'visitor_id']).doNothing())
      .returning(['date', 'visitor_id'])
      .execute();
    for (const r of rows) newVisitorDays.add(`${r.date}|${r.visitor_id}`);
  }
  const daily: DailyVisits[] = [];
  const devices: DailyDevices[] = [];
  const geo: DailyGeo[] = [];
  for (const key of newVisitorDays) {
    const e = firstOfDay.get(key);
    if (!e) continue;
    const { date, payload: p } = e;
    const row: DailyVisits = { date, unique_visitors: 1 };
    for (const counter of visitorCounters) row[counter] = dailyVisitorCounters[counter](p) ? 1 : 0;
    daily.push(row);
    devices.push({
      date,
      device_type: p.deviceType,
      browser_name: p.browserName,
      operating_system: p.operatingSystem,
      visitors: 1,
    });
    geo.push({ date, time_zone: p.timeZone, language: p.language, visitors: 1 });
  }
  return { daily, devices, geo };
}

/**
 * Visits and bounces (apply/visits.ts). A tracker that sends no session id: each page load is its own
 * visit of the visitor's session metrics, neither a visit of the day nor a bounce (engagement unknown).
 */
async function visits(
  trx: Trx,
  counted: View[],
): Promise<{ daily: DailyVisits[]; visitorDeltas: VisitorDelta[] }> {
  const sessionless: VisitorDelta[] = counted
    .filter((e) => !e.payload.sessionId)
    .map((e) => visitorSeenAt(e.payload.visitorId, e.receivedAt, { visits: 1 }));
  const figures = await applySessionIncrements(
    trx,
    counted.map((e) => sessionIncrementOf(e, { pageViews: 1 })),
  );
  return { daily: figures.daily, visitorDeltas: [...sessionless, ...figures.visitorDeltas] };
}

/** Per-visitor metrics of each view: a page view, and the device it was seen on last. */
const perVisitorMetrics = (counted: View[]): VisitorDelta[] =>
  counted.map((e) =>
    visitorSeenAt(e.payload.visitorId, e.receivedAt, {
      pageViews: 1,
      lastUserAgent: e.payload.userAgent ?? e.payload.requestUserAgent,
      lastDeviceType: e.payload.deviceType,
    }),
  );

type Touch = FirstTouch & { visitorId: string };

/** First touch: each visitor id's first view in the batch, with where it came from. */
function firstTouches(counted: View[]): Touch[] {
  const first = new Map<string, View>();
  for (const e of counted) if (!first.has(e.payload.visitorId)) first.set(e.payload.visitorId, e);
  return [...first.values()].map((e) => ({
    visitorId: e.payload.visitorId,
    visitorKey: e.visitor,
    at: e.receivedAt,
    date: e.date,
    landingPage: e.payload.pageUrl,
    ...classifyTrafficSource({ referrer: e.payload.referrer, pageUrl: e.payload.pageUrl }),
  }));
}

/** Traffic sources count the counted visitor's first touch: one person's second tab is not a new source. */
function firstOfEachCountedVisitor(touches: Touch[]): Touch[] {
  const first = new Map<string, Touch>();
  for (const t of touches) if (!first.has(t.visitorKey)) first.set(t.visitorKey, t);
  return [...first.values()];
}
