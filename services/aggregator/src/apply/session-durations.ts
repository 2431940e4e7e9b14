// tracking.session-duration.v1: a beacon with the seconds the visitor spent on a page. Only events whose raw
// row is new (first delivery) move an aggregate; a bot's beacon moves daily_bot_events only.
//
//   event field                        → table.column
//   (the whole beacon)                 → session_durations.*  (raw: sessionDurationRow)
//   isBot (enriched: tracking's, or    → daily_bot_events.events (bots move nothing below)
//     the User-Agent rule)
//   date (enriched: the operator's     → daily_visits.date
//     day of receivedAt)
//   sessionDuration                    → daily_visits.session_time_total (+ .session_time_count),
//                                        session_metrics.total_session_time: the beacons as the pages
//                                        claimed them, which no figure reads
//   sessionDuration, sessionId,        → visitor_sessions.seconds, and through it (never past the visit's
//     visitorId, receivedAt              elapsed time) daily_visits.sessions, .bounced_sessions,
//                                        .visit_seconds, session_metrics.total_visits, .bounced_visits,
//                                        .bounce_rate (apply/visits.ts)
//   visitorId, receivedAt              → session_metrics.visitor_id, .first_visit, .last_visit
import type { SessionDurationEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { sessionDurationRow } from '../raw-rows';
import { incrementRows, type Trx } from '../sql-helpers';
import { countedFirstDeliveries } from './counted-events';
import { applyVisitorDeltas, visitorSeenAt } from './session-metrics';
import { applySessionIncrements, sessionIncrementOf } from './visits';

export async function applySessionDurationEvents(
  trx: Trx,
  events: Enriched<SessionDurationEvent>[],
): Promise<void> {
  const counted = await countedFirstDeliveries(trx, 'session_durations', events, sessionDurationRow);
  // The beacons add their seconds to their session (apply/visits.ts): what may make it engaged, and the
  // seconds of its visit.
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => sessionIncrementOf(e, { seconds: e.payload.sessionDuration })),
  );
  await incrementRows(
    trx,
    {
      table: 'daily_visits',
      keys: ['date'],
      counters: ['session_time_total', 'session_time_count', 'sessions', 'bounced_sessions', 'visit_seconds'],
    },
    [
      ...counted.map((e) => ({
        date: e.date,
        session_time_total: e.payload.sessionDuration,
        session_time_count: 1,
      })),
      ...visitFigures.daily,
    ],
  );
  await applyVisitorDeltas(trx, [
    ...counted.map((e) =>
      visitorSeenAt(e.payload.visitorId, e.receivedAt, { sessionTime: e.payload.sessionDuration }),
    ),
    ...visitFigures.visitorDeltas,
  ]);
}
