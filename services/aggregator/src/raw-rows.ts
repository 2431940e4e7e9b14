// Raw rows: how each event is stored in its raw table (one mapper per raw table), and which raw table an
// event of each topic goes to (rawRowOf). The appliers insert these rows (insertFreshRows); the drain
// benchmark's baseline inserts the very same rows (bench/lib/raw-rows.ts), so a schema change moves both.
//
//   topic                          raw table              event → row
//   tracking.page-visit.v1 (visit) page_visits            pageVisitRow
//   tracking.page-visit.v1 (leave) page_leaves            pageLeaveRow
//   tracking.journey.v1            user_journey           journeyRow
//   tracking.session-duration.v1   session_durations      sessionDurationRow
//   tracking.affiliate-click.v1    affiliate_clicks       affiliateClickRow (source results / bridge)
//   tracking.affiliate-click.v1    offer_counter_clicks   offerCounterCallRow (source api: the counter call)
//   tracking.form-session.v1       form_snapshots         formSnapshotRow
//   tracking.offer-impression.v1   offer_impressions      offerImpressionRow
import type { Insertable } from 'kysely';
import type {
  AffiliateClickEvent,
  Envelope,
  FormSnapshotEvent,
  JourneyEvent,
  OfferImpressionEvent,
  PageVisitEvent,
  SessionDurationEvent,
  TopicKey,
  TopicPayload,
} from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { isBotEvent } from './bots';
import { countedVisitor } from './counted-visitor';
import { localDate } from './local-date';
import type { RawTable } from './sql-helpers';

export { localDate } from './local-date';
export type { RawTable } from './sql-helpers';

export type RawRow<T extends RawTable> = Insertable<Database[T]>;
/** A raw row with the table it goes to. */
export type TableRow = { [T in RawTable]: { table: T; row: RawRow<T> } }[RawTable];

export const rawTables = [
  'page_visits',
  'page_leaves',
  'user_journey',
  'session_durations',
  'affiliate_clicks',
  'offer_counter_clicks',
  'form_snapshots',
  'offer_impressions',
] as const satisfies readonly RawTable[];

export type PageView = Extract<PageVisitEvent, { kind: 'visit' }>;
export type PageLeave = Extract<PageVisitEvent, { kind: 'leave' }>;

export const isPageView = (e: Envelope<PageVisitEvent>): e is Envelope<PageView> =>
  e.payload.kind === 'visit';
export const isPageLeave = (e: Envelope<PageVisitEvent>): e is Envelope<PageLeave> =>
  e.payload.kind === 'leave';
/** The spec's counter call (POST /api/affiliate-offers/{id}/click): not an analytics click (offer-counter.ts). */
export const isCounterCall = (e: Envelope<AffiliateClickEvent>): boolean => e.payload.source === 'api';
export const isBotClick = (e: Envelope<AffiliateClickEvent>): boolean =>
  isBotEvent(e.payload.isBot, e.payload.userAgent);

export const pageVisitRow = (
  { id, receivedAt, payload: p }: Envelope<PageView>,
  timeZone: string,
): RawRow<'page_visits'> => ({
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
});

export const pageLeaveRow = ({ id, receivedAt, payload: p }: Envelope<PageLeave>): RawRow<'page_leaves'> => ({
  event_id: id,
  visitor_id: p.visitorId,
  session_id: p.sessionId,
  page_url: p.pageUrl,
  left_at: receivedAt,
});

export const journeyRow = (
  { id, receivedAt, payload: p }: Envelope<JourneyEvent>,
  timeZone: string,
): RawRow<'user_journey'> => ({
  event_id: id,
  visitor_id: p.visitorId,
  session_id: p.sessionId,
  step: p.step,
  step_data: p.stepData ? JSON.stringify(p.stepData) : null,
  device_type: p.deviceType ?? null,
  user_agent: p.userAgent ?? p.requestUserAgent,
  timestamp: receivedAt,
  journey_date: localDate(receivedAt, timeZone),
});

export const sessionDurationRow = (
  { id, receivedAt, payload: p }: Envelope<SessionDurationEvent>,
  timeZone: string,
): RawRow<'session_durations'> => ({
  event_id: id,
  visitor_id: p.visitorId,
  session_id: p.sessionId ?? null,
  session_duration: p.sessionDuration,
  page_url: p.pageUrl,
  recorded_at: receivedAt,
  record_date: localDate(receivedAt, timeZone),
});

/** An offer's stored title and URL, for clicks from before tracking stamped them on the event. */
export type OfferOf = (offerId: number) => { title: string; url: string } | undefined;

export const affiliateClickRow = (
  e: Envelope<AffiliateClickEvent>,
  timeZone: string,
  offerOf: OfferOf = () => undefined,
): RawRow<'affiliate_clicks'> => ({
  event_id: e.id,
  offer_id: e.payload.offerId,
  offer_title: e.payload.offerTitle ?? offerOf(e.payload.offerId)?.title ?? null,
  offer_url: e.payload.offerUrl ?? offerOf(e.payload.offerId)?.url ?? null,
  visitor_id: e.payload.visitorId,
  ip_address: e.payload.ipAddress,
  user_agent: e.payload.userAgent,
  referrer: e.payload.referrer,
  source: e.payload.source,
  clicked_at: e.receivedAt,
  click_date: localDate(e.receivedAt, timeZone),
  is_bot: isBotClick(e),
  click_id: e.payload.clickId ?? null,
  // As the campaign and unique-click counts name the visitor; a click that names no visitor has none.
  visitor_key: e.payload.visitorId ? countedVisitor({ ...e.payload, visitorId: e.payload.visitorId }) : null,
});

export const offerCounterCallRow = (e: Envelope<AffiliateClickEvent>): RawRow<'offer_counter_clicks'> => ({
  event_id: e.id,
  offer_id: e.payload.offerId,
  is_bot: isBotClick(e),
  clicked_at: e.receivedAt,
});

export const formSnapshotRow = ({
  id,
  receivedAt,
  payload: { visitorId, sessionId, timestamp, ipAddress: _ip, ...form },
}: Envelope<FormSnapshotEvent>): RawRow<'form_snapshots'> => ({
  event_id: id,
  visitor_id: visitorId ?? null,
  session_id: sessionId ?? null,
  form_data: JSON.stringify(form),
  client_timestamp: String(timestamp),
  received_at: receivedAt,
});

/** One impression call: the offers shown, to the visitor as counted (the key its impressions are unique by). */
export const offerImpressionRow = ({
  id,
  receivedAt,
  payload: p,
}: Envelope<OfferImpressionEvent>): RawRow<'offer_impressions'> => ({
  event_id: id,
  visitor_id: countedVisitor(p),
  session_id: p.sessionId,
  placement: p.placement,
  offer_ids: p.offerIds,
  is_bot: p.isBot,
  shown_at: receivedAt,
});

/** The raw table an event of each topic goes to, and its row there. */
export const rawRowOf: {
  [K in TopicKey]: (e: Envelope<TopicPayload<K>>, timeZone: string, offerOf?: OfferOf) => TableRow;
} = {
  pageVisit: ({ payload, ...envelope }, timeZone) =>
    payload.kind === 'visit'
      ? { table: 'page_visits', row: pageVisitRow({ ...envelope, payload }, timeZone) }
      : { table: 'page_leaves', row: pageLeaveRow({ ...envelope, payload }) },
  journey: (e, timeZone) => ({ table: 'user_journey', row: journeyRow(e, timeZone) }),
  sessionDuration: (e, timeZone) => ({ table: 'session_durations', row: sessionDurationRow(e, timeZone) }),
  affiliateClick: (e, timeZone, offerOf) =>
    isCounterCall(e)
      ? { table: 'offer_counter_clicks', row: offerCounterCallRow(e) }
      : { table: 'affiliate_clicks', row: affiliateClickRow(e, timeZone, offerOf) },
  formSnapshot: (e) => ({ table: 'form_snapshots', row: formSnapshotRow(e) }),
  offerImpression: (e) => ({ table: 'offer_impressions', row: offerImpressionRow(e) }),
};
