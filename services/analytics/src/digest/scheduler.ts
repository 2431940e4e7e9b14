// The weekly digest's scheduler, run by the analytics process (it owns the figures): every minute it asks
// whether a digest is due (Monday from the send hour, ANALYTICS_TZ) and sends the week's digest to each
// opted-in admin it can claim. Exactly once per admin and week across processes and restarts: the claim
// row (admin, week) is inserted before sending and only its inserter sends (digest-sends.repository.ts).
// A crash after the claim and before the mail server's answer leaves the claim without sent_at; another
// tick takes it over after `staleClaimMs` and sends — at most one duplicate, only if the crash fell after
// the server accepted the mail and before sent_at was written.
import type { Db } from '@bodymetrics/db';
import type { Mailer } from '@bodymetrics/mail';
import { claimDigest, markDigestSent, optedInAdmins, releaseDigestClaim } from './digest-sends.repository';
import { sendDigest } from './send-digest';
import { dueDigestWeek } from './week';
import { periodicJob } from '../periodic-job';
import { defaultRevenueCurrency } from '@bodymetrics/service-kit';

export interface DigestSchedulerOptions {
  db: Db;
  mailer: Mailer;
  timeZone: string;
  /** REVENUE_CURRENCY, named beside the revenue line; RON by default. */
  revenueCurrency?: string;
  /** Local hour on Monday from which the digest goes out; 8 by default. */
  sendHour?: number;
  /** How often to look; one minute by default. */
  intervalMs?: number;
  /** A claim without sent_at older than this is taken over (the sender crashed); 15 minutes by default. */
  staleClaimMs?: number;
  /** The clock (tests inject one). */
  now?: () => Date;
  log?: (message: string, err?: unknown) => void;
}

export interface DigestScheduler {
  /** One look at the clock: sends what is due; resolves with the number of digests sent. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  const { db, mailer, timeZone } = options;
  const sendHour = options.sendHour ?? 8;
  const staleClaimMs = options.staleClaimMs ?? 15 * 60 * 1000;
  const now = options.now ?? (() => new Date());
  const tick = async (): Promise<number> => {
    const at = now();
    const week = dueDigestWeek(at, timeZone, sendHour);
    if (!week) return 0;
    let sent = 0;
    for (const admin of await optedInAdmins(db)) {
      if (!(await claimDigest(db, admin.adminId, week.from, at, staleClaimMs))) continue;
      try {
        await sendDigest(
          { db, mailer, revenueCurrency: options.revenueCurrency ?? defaultRevenueCurrency },
          admin.email,
          week,
        );
      } catch (err) {
        await releaseDigestClaim(db, admin.adminId, week.from);
        options.log?.(`weekly digest to admin ${admin.adminId} failed; retried at the next tick`, err);
        continue;
      }
      await markDigestSent(db, admin.adminId, week.from, now());
      sent += 1;
    }
    return sent;
  };

  const job = periodicJob(tick, {
    intervalMs: options.intervalMs ?? 60_000,
    onError: (err) => options.log?.('weekly digest tick failed', err),
  });
  return { tick: job.runNow, stop: job.stop };
}
