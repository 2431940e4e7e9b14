// tracking.page-visit.v1 → page_visits / page_leaves (raw), and daily_visits, daily_visitors,
// visitor_sessions (visits and bounces: apply/visits.ts), daily_devices, daily_geo, traffic_sources, daily_traffic, session_metrics.
// Only events whose raw row is new (first delivery) move an aggregate.
import { classifyTrafficSource, type Envelope, type PageVisitEvent } from '@bodymetrics/contracts';
import { countLeftOutBots } from '../bots';
import { countedVisitor } from '../counted-visitor';
import { localDate } from '../local-date';
import { chunks, incrementRows, type Trx } from '../sql-helpers';
import { applyVisitorDeltas, type VisitorDelta } from './session-metrics';
import { applyFirstTouches } from './traffic';
import { applySessionIncrements } from './visits';

type Visit = Extract<PageVisitEvent, { kind: 'visit' }>;
type Leave = Extract<PageVisitEvent, { kind: 'leave' }>;

export async function applyPageVisitEvents(
  trx: Trx,
  events: Envelope<PageVisitEvent>[],
  timeZone: string,
): Promise<void> {
  const visits = events.filter((e): e is Envelope<Visit> => e.payload.kind === 'visit');
  const leaves = events.filter((e): e is Envelope<Leave> => e.payload.kind === 'leave');
  await insertLeaves(trx, leaves);
  if (!visits.length) return;

  const fresh = new Set<string>();
  for (const slice of chunks(visits)) {
    const inserted = await trx
      .insertInto('page_visits')
      .values(
        slice.map(({ id, receivedAt, payload: p }) => ({
          event_id: id,
          visitor_id: p.visitorId,
          session_id: p.sessionId ?? null,
          ip_address: p.ipAddress,
          user_agent: p.userAgent ?? p.requestUserAgent,
          referrer: p.referrer ?? null,
          page_url: p.pageUrl,
          device_type: p.deviceType,
          browser_name: p.browserName,
          operating_system: p.operatingSystem,
          screen_resolution: p.screenResolution,
          language: p.language,
          time_zone: p.timeZone,
          is_returning_visitor: p.isReturningVisitor,
          is_bot: p.isBot,
          visited_at: receivedAt,
          visit_date: localDate(receivedAt, timeZone),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    for (const r of inserted) fresh.add(r.event_id);
  }
  await countLeftOutBots(
    trx,
    visits.filter((e) => fresh.has(e.id) && e.payload.isBot),
    timeZone,
  );
  const counted = visits
    .filter((e) => fresh.has(e.id) && !e.payload.isBot)
    .sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : 1));
  if (!counted.length) return;
  const dateOf = (e: Envelope<Visit>) => localDate(e.receivedAt, timeZone);

  // Page views per day.
  const daily: Record<string, unknown>[] = counted.map((e) => ({
    date: dateOf(e),
    total_page_views: 1,
  }));

  // Unique visitors per day (the counted visitor: README "How we count"), and the device/geography rows
  // that count each visitor once a day.
  const firstOfDay = new Map<string, Envelope<Visit>>();
  for (const e of counted) {
    const key = `${dateOf(e)}|${countedVisitor(e.payload)}`;
    if (!firstOfDay.has(key)) firstOfDay.set(key, e);
  }
  const newVisitorDays = new Set<string>();
  for (const slice of chunks([...firstOfDay.values()])) {
    const rows = await trx
      .insertInto('daily_visitors')
      .values(slice.map((e) => ({ date: dateOf(e), visitor_id: countedVisitor(e.payload) })))
      .onConflict((oc) => oc.columns(['date', 'visitor_id']).doNothing())
      .returning(['date', 'visitor_id'])
      .execute();
    for (const r of rows) newVisitorDays.add(`${r.date}|${r.visitor_id}`);
  }
  const devices: Record<string, unknown>[] = [];
  const geo: Record<string, unknown>[] = [];
  for (const key of newVisitorDays) {
    const e = firstOfDay.get(key);
    if (!e) continue;
    const date = dateOf(e);
    daily.push({
      date,
      unique_visitors: 1,
      mobile_visitors: e.payload.deviceType === 'mobile' ? 1 : 0,
    });
    devices.push({
      date,
      device_type: e.payload.deviceType,
      browser_name: e.payload.browserName,
      operating_system: e.payload.operatingSystem,
      visitors: 1,
    });
    geo.push({ date, time_zone: e.payload.timeZone, language: e.payload.language, visitors: 1 });
  }

  // Visits and bounces (apply/visits.ts). A tracker that sends no session id: each page load is its own
  // visit of the visitor's session metrics, neither a visit of the day nor a bounce (engagement unknown).
  const visitorDeltas: VisitorDelta[] = [];
  for (const e of counted) {
    if (e.payload.sessionId) continue;
    visitorDeltas.push({
      visitorId: e.payload.visitorId,
      firstSeen: e.receivedAt,
      lastSeen: e.receivedAt,
      visits: 1,
    });
  }
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => ({
      sessionId: e.payload.sessionId,
      visitorId: e.payload.visitorId,
      date: dateOf(e),
      at: e.receivedAt,
      pageViews: 1,
    })),
  );
  daily.push(...visitFigures.daily);
  visitorDeltas.push(...visitFigures.visitorDeltas);

  await incrementRows(
    trx,
    {
      table: 'daily_visits',
      keys: ['date'],
      counters: [
        'total_page_views',
        'unique_visitors',
        'mobile_visitors',
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
    devices,
  );
  await incrementRows(
    trx,
    { table: 'daily_geo', keys: ['date', 'time_zone', 'language'], counters: ['visitors'] },
    geo,
  );

  // Per-visitor metrics, then first touch (which needs to know whether the visitor already converted).
  const firstTouch = new Map<string, Envelope<Visit>>();
  for (const e of counted) {
    if (!firstTouch.has(e.payload.visitorId)) firstTouch.set(e.payload.visitorId, e);
    visitorDeltas.push({
      visitorId: e.payload.visitorId,
      firstSeen: e.receivedAt,
      lastSeen: e.receivedAt,
      pageViews: 1,
      lastUserAgent: e.payload.userAgent ?? e.payload.requestUserAgent,
      lastDeviceType: e.payload.deviceType,
    });
  }
  const touches = [...firstTouch.values()].map((e) => ({
    visitorId: e.payload.visitorId,
    visitorKey: countedVisitor(e.payload),
    at: e.receivedAt,
    date: dateOf(e),
    landingPage: e.payload.pageUrl,
    ...classifyTrafficSource({ referrer: e.payload.referrer, pageUrl: e.payload.pageUrl }),
  }));
  for (const t of touches)
    visitorDeltas.push({
      visitorId: t.visitorId,
      firstSeen: t.at,
      lastSeen: t.at,
      acquisitionSource: t.source,
    });
  await applyVisitorDeltas(trx, visitorDeltas);
  // Traffic sources count the counted visitor's first touch: one person's second tab is not a new source.
  const firstOfCounted = new Map<string, (typeof touches)[number]>();
  for (const t of touches) if (!firstOfCounted.has(t.visitorKey)) firstOfCounted.set(t.visitorKey, t);
  await applyFirstTouches(trx, [...firstOfCounted.values()]);
}

async function insertLeaves(trx: Trx, leaves: Envelope<Leave>[]): Promise<void> {
  for (const slice of chunks(leaves)) {
    await trx
      .insertInto('page_leaves')
      .values(
        slice.map(({ id, receivedAt, payload: p }) => ({
          event_id: id,
          visitor_id: p.visitorId,
          session_id: p.sessionId,
          page_url: p.pageUrl,
          left_at: receivedAt,
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }
}
