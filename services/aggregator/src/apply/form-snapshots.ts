// tracking.form-session.v1 → form_snapshots (raw snapshots of the form; no aggregate reads them).
//
//   event field                              → table.column
//   (the whole snapshot)                     → form_snapshots.*  (raw: formSnapshotRow)
//   visitorId, sessionId, timestamp          → form_snapshots.visitor_id, .session_id, .client_timestamp
//   every other field (ipAddress left out)   → form_snapshots.form_data (JSON)
import type { FormSnapshotEvent } from '@bodymetrics/contracts';
import type { Enriched } from '../enrich';
import { formSnapshotRow } from '../raw-rows';
import { insertFreshRows, type Trx } from '../sql-helpers';

export async function applyFormSnapshotEvents(
  trx: Trx,
  events: Enriched<FormSnapshotEvent>[],
): Promise<void> {
  await insertFreshRows(trx, 'form_snapshots', events.map(formSnapshotRow));
}
