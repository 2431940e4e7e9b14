// Alert episodes in the alerts table (migration 2026-11-28T0400_alerts): open, end, list, acknowledge, and
// the once-per-episode mail claim (notified_at set before sending; only its setter sends).
import type { Alert, AlertKind } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import type { AlertVerdict } from './alert-rules';

type Row = {
  id: number;
  kind: string;
  subject: string;
  subject_label: string;
  unit: string;
  started_at: Date;
  ended_at: Date | null;
  expected: number;
  observed: number;
  acknowledged_at: Date | null;
};

const columns = [
  'id',
  'kind',
  'subject',
  'subject_label',
  'unit',
  'started_at',
  'ended_at',
  'expected',
  'observed',
  'acknowledged_at',
] as const;

export const alertOf = (r: Row): Alert => ({
  id: r.id,
  kind: r.kind as AlertKind,
  subject: r.subject,
  subjectLabel: r.subject_label,
  startedAt: new Date(r.started_at).toISOString(),
  endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
  expected: Number(r.expected),
  observed: Number(r.observed),
  unit: r.unit === 'percent' ? 'percent' : 'count',
  acknowledgedAt: r.acknowledged_at ? new Date(r.acknowledged_at).toISOString() : null,
});

/** The newest episodes first (at most `limit`), and how many are open. */
export async function listAlerts(db: Db, limit = 200): Promise<{ alerts: Alert[]; openCount: number }> {
  const [rows, open] = await Promise.all([
    db
      .selectFrom('alerts')
      .select(columns)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ended_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return { alerts: rows.map(alertOf), openCount: Number(open?.n ?? 0) };
}

/** Marks the episode seen (the first time only); undefined when there is no such episode. */
export async function acknowledgeAlert(db: Db, id: number, at: Date): Promise<Alert | undefined> {
  await db
    .updateTable('alerts')
    .set({ acknowledged_at: at })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .execute();
  const row = await db.selectFrom('alerts').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? alertOf(row) : undefined;
}

/**
 * Moves the episodes by the verdicts: a rule that fires with no open episode of its kind and subject opens
 * one; an open episode whose rule no longer holds (or gave no verdict: an offer no longer clicked) ends.
 */
export async function applyVerdicts(db: Db, verdicts: AlertVerdict[], at: Date): Promise<void> {
  const open = await db
    .selectFrom('alerts')
    .select(['id', 'kind', 'subject'])
    .where('ended_at', 'is', null)
    .execute();
  const key = (v: { kind: string; subject: string }) => `${v.kind}|${v.subject}`;
  const byKey = new Map(verdicts.map((v) => [key(v), v]));
  const ended = open.filter((a) => !byKey.get(key(a))?.holds).map((a) => a.id);
  if (ended.length) await db.updateTable('alerts').set({ ended_at: at }).where('id', 'in', ended).execute();
  const openKeys = new Set(open.filter((a) => !ended.includes(a.id)).map(key));
  const opening = verdicts.filter((v) => v.fires && !openKeys.has(key(v)));
  if (opening.length === 0) return;
  await db
    .insertInto('alerts')
    .values(
      opening.map((v) => ({
        kind: v.kind,
        subject: v.subject,
        subject_label: v.subjectLabel,
        unit: v.unit,
        started_at: at,
        expected: v.expected,
        observed: v.observed,
      })),
    )
    // The partial unique index (one open episode per kind and subject) has the last word.
    .onConflict((oc) => oc.columns(['kind', 'subject']).where('ended_at', 'is', null).doNothing())
    .execute();
}

/** Episodes whose mail has not gone yet, claimed for this sender (notified_at set). */
export async function claimUnmailedAlerts(db: Db, at: Date): Promise<Alert[]> {
  const rows = await db
    .updateTable('alerts')
    .set({ notified_at: at })
    .where('notified_at', 'is', null)
    .returning(columns)
    .execute();
  return rows.map(alertOf);
}

/** The mail server refused: the claim goes, so the next evaluation mails it. */
export async function releaseAlertClaim(db: Db, id: number): Promise<void> {
  await db.updateTable('alerts').set({ notified_at: null }).where('id', '=', id).execute();
}

/** Active admins who opted in to the alert mails. */
export async function alertRecipients(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select('email')
    .where('is_active', '=', true)
    .where('alerts_opt_in', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}
