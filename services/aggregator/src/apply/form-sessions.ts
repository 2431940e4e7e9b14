// tracking.form-session.v1 → form_sessions (raw snapshots of the form; no aggregate reads them).
import type { Envelope, FormSessionEvent } from '@bodymetrics/contracts';
import { chunks, type Trx } from '../sql-helpers';

export async function applyFormSessionEvents(trx: Trx, events: Envelope<FormSessionEvent>[]): Promise<void> {
  for (const slice of chunks(events)) {
    await trx
      .insertInto('form_sessions')
      .values(
        slice.map(
          ({ id, receivedAt, payload: { visitorId, sessionId, timestamp, ipAddress: _ip, ...form } }) => ({
            event_id: id,
            visitor_id: visitorId ?? null,
            session_id: sessionId ?? null,
            form_data: JSON.stringify(form),
            client_timestamp: String(timestamp),
            received_at: receivedAt,
          }),
        ),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }
}
