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
import { enrich, type Enriched } from './enrich';
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

export const isPageView = <E extends Envelope<PageVisitEvent>>(e: E): e is E & Envelope<PageView> =>
  e.payload.kind === 'visit';
export const isPageLeave = <E extends Envelope<PageVisitEvent>>(e: E): e is E & Envelope<PageLeave> =>
  e.payload.kind === 'leave';
/** The spec's counter call (POST /api/affiliate-offers/{id}/click): not an analytics click (offer-counter.ts). */
export const isCounterCall = (e: Envelope<AffiliateClickEvent>): boolean => e.payload.source === 'api';

export const pageVisitRow = ({
  id,
  receivedAt,
  date,
  isBot,
  payload: p,
}: Enriched<PageView>): RawRow<'page_visits'> => ({
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
  is_bot: isBot,
  visited_at: receivedAt,
  visit_date: date,
});

export const pageLeaveRow = ({ id, receivedAt, payload: p }: Envelope<PageLeave>): RawRow<'page_leaves'> => ({
  event_id: id,
  visitor_id: p.visitorId,
  session_id: p.sessionId,
  page_url: p.pageUrl,
  left_at: receivedAt,
});

export const journeyRow = ({
  id,
  receivedAt,
  date,
  payload: p,
}: Enriched<JourneyEvent>): RawRow<'user_journey'> => ({
  event_id: id,
  visitor_id: p.visitorId,
  session_id: p.sessionId,
  step: p.step,
  step_data: p.stepData ? JSON.stringify(p.stepData) : null,
  device_type: p.deviceType ?? null,
  user_agent: p.userAgent ?? p.requestUserAgent,
  timestamp: receivedAt,
  journey_date: date,
});

export const sessionDurationRow = ({
  id,
  receivedAt,
  date,
  payload: p,
}: Enriched<SessionDurationEvent>): RawRow<'session_durations'> => ({
  event_id: id,
  visitor_id: p.visitorId,
  session_id: p.sessionId ?? null,
  session_duration: p.sessionDuration,
  page_url: p.pageUrl,
  recorded_at: receivedAt,
  record_date: date,
});

/** An offer's stored title and URL, for clicks from before tracking stamped them on the event. */
export type OfferOf = (offerId: number) => { title: string; url: string } | undefined;

export const affiliateClickRow = (
  e: Enriched<AffiliateClickEvent>,
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
  click_date: e.date,
  is_bot: e.isBot,
  click_id: e.payload.clickId ?? null,
  // As the campaign and unique-click counts name the visitor; a click that names no visitor has none.
  visitor_key: e.visitor,
});

export const offerCounterCallRow = (e: Enriched<AffiliateClickEvent>): RawRow<'offer_counter_clicks'> => ({
  event_id: e.id,
  offer_id: e.payload.offerId,
  is_bot: e.isBot,
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
  visitor,
  isBot,
  payload: p,
}: Enriched<OfferImpressionEvent>): RawRow<'offer_impressions'> => ({
  event_id: id,
  visitor_id: visitor,
  session_id: p.sessionId,
  placement: p.placement,
  offer_ids: p.offerIds,
  is_bot: isBot,
  shown_at: receivedAt,
});

/** The raw table an event of each topic goes to, and its row there (enriched here: the drain baseline's way in). */
export const rawRowOf: {
  [K in TopicKey]: (e: Envelope<TopicPayload<K>>, timeZone: string, offerOf?: OfferOf) => TableRow;
} = {
  pageVisit: (e, timeZone) => {
    const { payload } = e;
    return payload.kind === 'visit'
      ? { table: 'page_visits', row: pageVisitRow({ ...enrich('pageVisit', e, timeZone), payload }) }
      : { table: 'page_leaves', row: pageLeaveRow({ ...e, payload }) };
  },
  journey: (e, timeZone) => ({ table: 'user_journey', row: journeyRow(enrich('journey', e, timeZone)) }),
  sessionDuration: (e, timeZone) => ({
    table: 'session_durations',
    row: sessionDurationRow(enrich('sessionDuration', e, timeZone)),
  }),
  affiliateClick: (e, timeZone, offerOf) => {
    const enriched = enrich('affiliateClick', e, timeZone);
    return isCounterCall(e)
      ? { table: 'offer_counter_clicks', row: offerCounterCallRow(enriched) }
      : { table: 'affiliate_clicks', row: affiliateClickRow(enriched, offerOf) };
  },
  formSnapshot: (e) => ({ table: 'form_snapshots', row: formSnapshotRow(e) }),
  offerImpression: (e, timeZone) => ({
    table: 'offer_impressions',
    row: offerImpressionRow(enrich('offerImpression', e, timeZone)),
  }),
};
