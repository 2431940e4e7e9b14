// tracking.journey.v1 → user_journey (raw), conversion_funnel (distinct visitors per step per day,
// bridge steps included) through funnel_step_visitors, visits and bounces (visitor_sessions, daily_visits:
// apply/visits.ts), and session_metrics.
import type { Envelope, JourneyEvent, JourneyStep } from '@bodymetrics/contracts';
import { countLeftOutBots, isBotEvent } from '../bots';
import { countedVisitor } from '../counted-visitor';
import { localDate } from '../local-date';
import { chunks, incrementRows, type Trx } from '../sql-helpers';
import { applyVisitorDeltas } from './session-metrics';
import { applySessionIncrements } from './visits';

/** The conversion_funnel column each step moves. */
export const funnelColumn: Record<JourneyStep, string> = {
  landing: 'landing_visitors',
  form_started: 'form_started',
  form_completed: 'form_completed',
  results_viewed: 'results_viewed',
  email_provided: 'email_provided',
  report_sent: 'report_sent',
  bridge_viewed: 'bridge_viewed',
  bridge_affiliate_click: 'bridge_affiliate_clicks',
  bridge_to_full_results: 'bridge_to_full_results',
};

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

  const steps = new Map<string, { date: string; step: JourneyStep; visitorId: string }>();
  for (const e of counted) {
    const date = localDate(e.receivedAt, timeZone);
    const visitor = countedVisitor(e.payload);
    steps.set(`${date}|${e.payload.step}|${visitor}`, { date, step: e.payload.step, visitorId: visitor });
  }
  const funnel: Record<string, unknown>[] = [];
  for (const slice of chunks([...steps.values()])) {
    const firsts = await trx
      .insertInto('funnel_step_visitors')
      .values(slice.map((s) => ({ date: s.date, step: s.step, visitor_id: s.visitorId })))
      .onConflict((oc) => oc.columns(['date', 'step', 'visitor_id']).doNothing())
      .returning(['date', 'step'])
      .execute();
    for (const f of firsts) {
      const column = funnelColumn[f.step as JourneyStep];
      funnel.push({
        date: f.date,
        ...Object.fromEntries(Object.values(funnelColumn).map((c) => [c, c === column ? 1 : 0])),
      });
    }
  }
  await incrementRows(
    trx,
    { table: 'conversion_funnel', keys: ['date'], counters: Object.values(funnelColumn) },
    funnel,
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
