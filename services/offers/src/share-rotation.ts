// The shares of every segment, computed from the share window's figures and stored for every offers instance
// to serve (offer_segment_shares): at start, every SHARE_RECOMPUTE_INTERVAL (5 minutes), and at once when the
// operator changes a segment or an offer. Several offers instances may run this; a transaction-scoped
// advisory lock lets one compute at a time — a periodic run finding it held skips (the holder is computing),
// a run asked for by a change waits for it, so the change is in what it computes. The embedded mode's one
// process takes the same lock, uncontended.
import { sql } from 'kysely';
import { advisoryLocks, todayOf, type Db } from '@bodymetrics/db';
import { defaultOfferShareWindowDays } from '@bodymetrics/service-kit';
import { segmentKeyOf, segmentSettings, replaceShares, type StoredShare } from './offer-segments.repository';
import { activeOfferEvidence, windowStart, type SegmentedEvidence } from './share-evidence.repository';
import { segmentShares } from './shares/segment-shares';
import { betaDraws, type BetaDraw } from './shares/thompson-sampling';

/** pg advisory lock key of the computation (a constant no other part of the product uses). */
export const shareLockKey = advisoryLocks.shareRotation;

/** How often the shares are computed again, at the latest. */
export const shareRecomputeIntervalMs = 5 * 60 * 1000;

export interface ShareRotationOptions {
  /** ANALYTICS_TZ: the calendar days of the window. */
  timeZone: string;
  /** OFFER_SHARE_WINDOW_DAYS: how many days (today included) the figures are summed over. */
  windowDays?: number;
  /** Where the Beta variates come from; default an unseeded generator (tests seed one). */
  draw?: BetaDraw;
  intervalMs?: number;
  log?: (message: string, err: unknown) => void;
}

/** Computes and stores every segment's shares; false when `wait` is off and another instance is computing. */
export async function recomputeShares(
  db: Db,
  options: ShareRotationOptions & { draw: BetaDraw },
  { wait }: { wait: boolean },
): Promise<boolean> {
  const today = await todayOf(db, options.timeZone);
  const since = windowStart(today, options.windowDays ?? defaultOfferShareWindowDays);
  return db.transaction().execute(async (trx) => {
    if (wait) await sql`select pg_advisory_xact_lock(${shareLockKey})`.execute(trx);
    else {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(${shareLockKey}) as locked`.execute(trx);
      if (!rows[0]?.locked) return false;
    }
    const settingsOf = await segmentSettings(trx);
    const bySegment = new Map<string, SegmentedEvidence[]>();
    for (const offer of await activeOfferEvidence(trx, since)) {
      const key = segmentKeyOf(offer.bmiCategory, offer.goal);
      bySegment.set(key, [...(bySegment.get(key) ?? []), offer]);
    }
    const stored: StoredShare[] = [];
    for (const [key, offers] of bySegment) {
      const shares = segmentShares(offers, settingsOf(key).floor, options.draw);
      shares.forEach((share, i) => stored.push({ ...offers[i]!, ...share }));
    }
    await replaceShares(trx, stored);
    return true;
  });
}

export interface ShareRotation {
  /** Starts the periodic computation (its first run now). */
  start(): void;
  /** Computes now, waiting for another instance's run if one is going; a failure is thrown. */
  recomputeNow(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function shareRotation(db: Db, options: ShareRotationOptions): ShareRotation {
  const settings = { ...options, draw: options.draw ?? betaDraws() };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = (wait: boolean) => {
    const next = running.then(() => recomputeShares(db, settings, { wait }));
    running = next.catch(() => undefined);
    return next;
  };
  const periodic = () => {
    run(false).catch((err: unknown) => options.log?.('offer shares could not be computed', err));
  };
  return {
    start() {
      if (timer) return;
      periodic();
      timer = setInterval(periodic, options.intervalMs ?? shareRecomputeIntervalMs);
      timer.unref();
    },
    async recomputeNow() {
      await run(true);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
