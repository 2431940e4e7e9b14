// tracking.session-duration.v1 → session_durations (raw), the seconds of visitor_sessions (visits and
// bounces: apply/visits.ts), daily_visits session time, session_metrics.
import type { Envelope, SessionDurationEvent } from '@bodymetrics/contracts';
import { countLeftOutBots, isBotEvent } from '../bots';
import { localDate } from '../local-date';
import { chunks, incrementRows, type Trx } from '../sql-helpers';
import { applyVisitorDeltas } from './session-metrics';
import { applySessionIncrements } from './visits';

export async function applySessionDurationEvents(
  trx: Trx,
  events: Envelope<SessionDurationEvent>[],
  timeZone: string,
): Promise<void> {
  const fresh = new Set<string>();
  for (const slice of chunks(events)) {
    const rows = await trx
      .insertInto('session_durations')
      .values(
        slice.map(({ id, receivedAt, payload: p }) => ({
          event_id: id,
          visitor_id: p.visitorId,
          session_id: p.sessionId ?? null,
          session_duration: p.sessionDuration,
          page_url: p.pageUrl,
          recorded_at: receivedAt,
          record_date: localDate(receivedAt, timeZone),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    for (const r of rows) fresh.add(r.event_id);
  }
  const isBot = (e: Envelope<SessionDurationEvent>) =>
    isBotEvent(e.payload.isBot, e.payload.requestUserAgent);
  await countLeftOutBots(
    trx,
    events.filter((e) => fresh.has(e.id) && isBot(e)),
    timeZone,
  );
  const counted = events.filter((e) => fresh.has(e.id) && !isBot(e));
  // The beacons add their seconds to their session (apply/visits.ts): what may make it engaged, and the
  // seconds of its visit.
  const visitFigures = await applySessionIncrements(
    trx,
    counted.map((e) => ({
      sessionId: e.payload.sessionId,
      visitorId: e.payload.visitorId,
      date: localDate(e.receivedAt, timeZone),
      at: e.receivedAt,
      seconds: e.payload.sessionDuration,
    })),
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
        date: localDate(e.receivedAt, timeZone),
        session_time_total: e.payload.sessionDuration,
        session_time_count: 1,
      })),
      ...visitFigures.daily,
    ],
  );
  await applyVisitorDeltas(trx, [
    ...counted.map((e) => ({
      visitorId: e.payload.visitorId,
      firstSeen: e.receivedAt,
      lastSeen: e.receivedAt,
      sessionTime: e.payload.sessionDuration,
    })),
    ...visitFigures.visitorDeltas,
  ]);
}
