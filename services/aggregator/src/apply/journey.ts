// tracking.journey.v1 → user_journey (raw), the ordered funnel (conversion_funnel through
// funnel_step_visitors and funnel_visitor_progress: ordered-funnel.ts), visits and bounces
// (visitor_sessions, daily_visits: apply/visits.ts), and session_metrics.email_submitted.
// Steps come from the page (tracking) and, for email_provided and report_sent, from the reports service.
import type { Envelope, JourneyEvent } from '@bodymetrics/contracts';
import { countLeftOutBots, isBotEvent } from '../bots';
import { countedVisitor } from '../counted-visitor';
import { localDate } from '../local-date';
import { chunks, incrementRows, type Trx } from '../sql-helpers';
import { applyOrderedFunnel } from './ordered-funnel';
import { applyVisitorDeltas } from './session-metrics';
import { applySessionIncrements } from './visits';

export async function applyJourneyEvents(
  trx: Trx,
  events: Envelope<JourneyEvent>[],
  timeZone: string,
): Promise<void> {
  const fresh = new Set<string>();
  for (const slice of chunks(events)) {
    const rows = await trx
      .insertInto('user_journey')
      .values(
        slice.map(({ id, receivedAt, payload: p }) => ({
          event_id: id,
          visitor_id: p.visitorId,
          session_id: p.sessionId,
          step: p.step,
          step_data: p.stepData ? JSON.stringify(p.stepData) : null,
          device_type: p.deviceType ?? null,
          user_agent: p.userAgent ?? p.requestUserAgent,
          timestamp: receivedAt,
          journey_date: localDate(receivedAt, timeZone),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    for (const r of rows) fresh.add(r.event_id);
  }
  const isBot = (e: Envelope<JourneyEvent>) =>
    isBotEvent(e.payload.isBot, e.payload.requestUserAgent, e.payload.userAgent);
  await countLeftOutBots(
    trx,
    events.filter((e) => fresh.has(e.id) && isBot(e)),
    timeZone,
  );
  const counted = events.filter((e) => fresh.has(e.id) && !isBot(e));
  if (!counted.length) return;

  await applyOrderedFunnel(
    trx,
    counted.map((e) => ({
      date: localDate(e.receivedAt, timeZone),
      step: e.payload.step,
      visitor: countedVisitor(e.payload),
    })),
  );

  // A step past landing engages its session's visit (apply/visits.ts).
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => ({
      sessionId: e.payload.sessionId,
      visitorId: e.payload.visitorId,
      date: localDate(e.receivedAt, timeZone),
      at: e.receivedAt,
      engagingSteps: e.payload.step === 'landing' ? 0 : 1,
    })),
  );
  await incrementRows(
    trx,
    { table: 'daily_visits', keys: ['date'], counters: ['sessions', 'bounced_sessions', 'visit_seconds'] },
    visitFigures.daily,
  );

  await applyVisitorDeltas(trx, [
    ...counted.map((e) => ({
      visitorId: e.payload.visitorId,
      firstSeen: e.receivedAt,
      lastSeen: e.receivedAt,
      emailSubmitted: e.payload.step === 'email_provided' || e.payload.step === 'report_sent',
    })),
    ...visitFigures.visitorDeltas,
  ]);
}
