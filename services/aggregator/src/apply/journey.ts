// tracking.journey.v1: a step of the visitor's way through the product. Steps come from the page (tracking)
// and, for email_provided and report_sent, from the reports service. Only events whose raw row is new
// (first delivery) move an aggregate; a bot's step moves daily_bot_events only.
//
//   event field                        → table.column
//   (the whole step)                   → user_journey.*  (raw: journeyRow)
//   isBot (enriched: tracking's, or    → daily_bot_events.events (bots move nothing below)
//     the User-Agent rule)
//   date (enriched: the operator's     → the `date` of every dated row below
//     day of receivedAt)
//   step, visitor (enriched: the       → funnel_step_visitors (every step seen), funnel_visitor_progress
//     counted visitor)                   (.counted_steps), conversion_funnel (date, step).visitors
//                                        (ordered-funnel.ts)
//   step past landing, sessionId,      → visitor_sessions.engaging_steps, and through it daily_visits.sessions,
//     visitorId                          .bounced_sessions, .visit_seconds, session_metrics.total_visits,
//                                        .bounced_visits, .bounce_rate (apply/visits.ts)
//   step email_provided / report_sent  → session_metrics.email_submitted
//   visitorId, receivedAt              → session_metrics.visitor_id, .first_visit, .last_visit
import type { JourneyEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { journeyRow } from '../raw-rows';
import { incrementRows, type Trx } from '../sql-helpers';
import { countedFirstDeliveries } from './counted-events';
import { applyOrderedFunnel } from './ordered-funnel';
import { applyVisitorDeltas, visitorSeenAt } from './session-metrics';
import { applySessionIncrements, sessionIncrementOf } from './visits';

export async function applyJourneyEvents(trx: Trx, events: Enriched<JourneyEvent>[]): Promise<void> {
  const counted = await countedFirstDeliveries(trx, 'user_journey', events, journeyRow);
  if (!counted.length) return;

  await applyOrderedFunnel(
    trx,
    counted.map((e) => ({ date: e.date, step: e.payload.step, visitor: e.visitor })),
  );

  // A step past landing engages its session's visit (apply/visits.ts).
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => sessionIncrementOf(e, { engagingSteps: e.payload.step === 'landing' ? 0 : 1 })),
  );
  await incrementRows(
    trx,
    { table: 'daily_visits', keys: ['date'], counters: ['sessions', 'bounced_sessions', 'visit_seconds'] },
    visitFigures.daily,
  );

  await applyVisitorDeltas(trx, [
    ...counted.map((e) =>
      visitorSeenAt(e.payload.visitorId, e.receivedAt, {
        emailSubmitted: e.payload.step === 'email_provided' || e.payload.step === 'report_sent',
      }),
    ),
    ...visitFigures.visitorDeltas,
  ]);
}
