// The raw rows the aggregator writes for each event (services/aggregator/src/apply/*: the first insert of
// each applier), for the drain baseline: the same rows, the same multi-row INSERT … ON CONFLICT (event_id)
// DO NOTHING, into copies of the raw tables — and no aggregate.
import { topics } from '@bodymetrics/contracts';
import type { GeneratedEvent } from './events';

type Row = Record<string, unknown>;
export type RawTable =
  'page_visits' | 'page_leaves' | 'user_journey' | 'affiliate_clicks' | 'session_durations';

const formatters = new Map<string, Intl.DateTimeFormat>();
export function localDate(instant: string, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

export function rawRowOf(e: GeneratedEvent, timeZone: string): { table: RawTable; row: Row } {
  const { id, receivedAt } = e.envelope;
  const p = e.envelope.payload as Record<string, never>;
  switch (e.topic.name) {
    case topics.pageVisit.name:
      if (p.kind === 'leave') {
        return {
          table: 'page_leaves',
          row: {
            event_id: id,
            visitor_id: p.visitorId,
            session_id: p.sessionId,
            page_url: p.pageUrl,
            left_at: receivedAt,
          },
        };
      }
      return {
        table: 'page_visits',
        row: {
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
        },
      };
    case topics.journey.name:
      return {
        table: 'user_journey',
        row: {
          event_id: id,
          visitor_id: p.visitorId,
          session_id: p.sessionId,
          step: p.step,
          step_data: p.stepData ? JSON.stringify(p.stepData) : null,
          device_type: p.deviceType ?? null,
          user_agent: p.userAgent ?? p.requestUserAgent,
          timestamp: receivedAt,
          journey_date: localDate(receivedAt, timeZone),
        },
      };
    case topics.affiliateClick.name:
      return {
        table: 'affiliate_clicks',
        row: {
          event_id: id,
          offer_id: p.offerId,
          offer_title: p.offerTitle,
          offer_url: p.offerUrl,
          visitor_id: p.visitorId,
          ip_address: p.ipAddress,
          user_agent: p.userAgent,
          referrer: p.referrer,
          source: p.source,
          clicked_at: receivedAt,
          click_date: localDate(receivedAt, timeZone),
        },
      };
    case topics.sessionDuration.name:
      return {
        table: 'session_durations',
        row: {
          event_id: id,
          visitor_id: p.visitorId,
          session_id: p.sessionId ?? null,
          session_duration: p.sessionDuration,
          page_url: p.pageUrl,
          recorded_at: receivedAt,
          record_date: localDate(receivedAt, timeZone),
        },
      };
    default:
      throw new Error(`no raw table for ${e.topic.name}`);
  }
}
