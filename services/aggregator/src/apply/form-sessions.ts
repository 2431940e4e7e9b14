// tracking.form-session.v1 → form_sessions (raw snapshots of the form; no aggregate reads them).
//
//   event field                              → table.column
//   (the whole snapshot)                     → form_sessions.*  (raw: formSessionRow)
//   visitorId, sessionId, timestamp          → form_sessions.visitor_id, .session_id, .client_timestamp
//   every other field (ipAddress left out)   → form_sessions.form_data (JSON)
import type { Envelope, FormSessionEvent } from '@bodymetrics/contracts';
import { formSessionRow } from '../raw-rows';
import { insertFreshRows, type Trx } from '../sql-helpers';

export async function applyFormSessionEvents(trx: Trx, events: Envelope<FormSessionEvent>[]): Promise<void> {
  await insertFreshRows(trx, 'form_sessions', events.map(formSessionRow));
}
