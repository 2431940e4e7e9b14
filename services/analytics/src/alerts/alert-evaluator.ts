// The alert evaluator, run by the analytics process beside the weekly digest (it owns the figures): every
// ALERT_EVAL_INTERVAL_MS (5 minutes) it reads the windows, moves the episodes by the rules' verdicts and
// mails each new episode once to the admins who opted in. One evaluation at a time across processes: a
// transaction-scoped advisory lock, which another instance finding held skips (the holder is evaluating);
// the embedded mode's one process takes it uncontended. The mail claim (notified_at) keeps it to one mail
// per episode even if two evaluations ever overlap.
import { sql } from 'kysely';
import { advisoryLocks, type Db } from '@bodymetrics/db';
import type { Mailer } from '@bodymetrics/mail';
import { readConversionWindows, readTrafficWindows } from './alert-measures.repository';
import { alertThresholds, alertVerdicts } from './alert-rules';
import { alertRecipients, applyVerdicts, claimUnmailedAlerts, releaseAlertClaim } from './alerts.repository';
import { renderAlertMail } from './render-alert-mail';
import { periodicJob } from '../periodic-job';

/** pg advisory lock key of the evaluation (a constant no other part of the product uses). */
export const alertLockKey = advisoryLocks.alertEvaluation;

export const defaultAlertEvalIntervalMs = 5 * 60 * 1000;

export interface AlertEvaluatorOptions {
  db: Db;
  mailer: Mailer;
  /** ANALYTICS_TZ: the times in the mails. */
  timeZone: string;
  /** 0: no timer (tests call evaluate()). */
  intervalMs?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
  log?: (message: string, err?: unknown) => void;
}

export interface AlertEvaluator {
  /** One evaluation now; resolves with the mails sent (0 when another instance holds the lock). */
  evaluate(): Promise<number>;
  stop(): Promise<void>;
}

/** Reads the windows and moves the episodes, under the lock; false when another instance is evaluating. */
async function moveEpisodes(db: Db, at: Date): Promise<boolean> {
  const t = alertThresholds;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${alertLockKey}) as locked
    `.execute(trx);
    if (!rows[0]?.locked) return false;
    const [traffic, conversions] = await Promise.all([
      readTrafficWindows(trx, at, { hours: t.trafficWindowHours, weeks: t.baselineWeeks }),
      readConversionWindows(trx, at, { hours: t.conversionWindowHours, weeks: t.baselineWeeks }),
    ]);
    await applyVerdicts(trx, alertVerdicts(traffic, conversions), at);
    return true;
  });
}

/** Mails every episode not mailed yet to each opted-in admin; a refused mail is tried again next time. */
async function mailNewEpisodes(options: AlertEvaluatorOptions, at: Date): Promise<number> {
  const { db, mailer, timeZone } = options;
  const claimed = await claimUnmailedAlerts(db, at);
  if (claimed.length === 0) return 0;
  const recipients = await alertRecipients(db);
  let sent = 0;
  for (const alert of claimed) {
    try {
      for (const to of recipients) {
        await mailer.send(renderAlertMail({ to, alert, timeZone }));
        sent += 1;
      }
    } catch (err) {
      await releaseAlertClaim(db, alert.id);
      options.log?.(`alert ${alert.id} could not be mailed; tried again at the next evaluation`, err);
    }
  }
  return sent;
}

export function startAlertEvaluator(options: AlertEvaluatorOptions): AlertEvaluator {
  const now = options.now ?? (() => new Date());
  const evaluate = async () => {
    const at = now();
    if (!(await moveEpisodes(options.db, at))) return 0;
    return mailNewEpisodes(options, at);
  };
  // The first evaluation soon after start: an episode that began while the process was down opens now,
  // not an interval later.
  const job = periodicJob(evaluate, {
    intervalMs: options.intervalMs ?? defaultAlertEvalIntervalMs,
    runAtStart: true,
    onError: (err) => options.log?.('alert evaluation failed', err),
  });
  return { evaluate: job.runNow, stop: job.stop };
}
