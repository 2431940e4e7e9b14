// The composed system's background work: the aggregator with its daily retention job (the aggregator
// process's, when settings.aggregator is on), the weekly digest and the alert rules (the analytics
// process's scheduler and evaluator).
import { startAggregator, startRetention, type Aggregator } from '@bodymetrics/aggregator';
import { startAlertEvaluator, startDigestScheduler } from '@bodymetrics/analytics';
import { analyticsChangedNotice, notifierOf } from '@bodymetrics/contracts';
import type { Mailer } from '@bodymetrics/mail';
import type { Wiring } from './compose-system';
import { logAs } from './operator-log';
import type { InProcessLive } from './system-services';

/** The aggregator, stopped after `settle` when the system closes, and its retention job. */
export async function startAggregation(
  { adapters, settings, opened, redisNotices }: Wiring,
  live: InProcessLive,
): Promise<Aggregator> {
  const { db, bus, log } = adapters;
  const { timeZone } = settings;
  const aggregator = await startAggregator({
    db,
    bus,
    timeZone,
    clickRules: { clicksPerMinute: settings.suspiciousClicksPerMinute },
    ...(adapters.applyBatch ? { applyBatch: adapters.applyBatch } : {}),
    // The distributed aggregator publishes this on Redis for the live instances; in one process live is
    // next door.
    notify: notifierOf(
      analyticsChangedNotice,
      redisNotices ?? { inProcess: live.controls.announceAnalyticsChanged },
    ),
    ...(log ? { log: logAs(log, 'aggregator') } : {}),
  });
  opened.push(async () => {
    await adapters.settle?.(aggregator);
    await aggregator.shutdown();
  });

  // The aggregator process's daily job: raw events past retention go (the aggregates stay).
  const retention = startRetention({
    db,
    retentionDays: settings.retentionDays,
    timeZone,
    log: (message, details) => {
      const err = (details as { err?: unknown } | undefined)?.err;
      if (err) logAs(log, 'aggregator')(message, err);
    },
  });
  opened.push(() => retention.stop());
  return aggregator;
}

/**
 * The weekly digest: the analytics process's scheduler, here beside its app. The claim row per admin and
 * week keeps it to one mail even when another process runs one too.
 */
export function startWeeklyDigest({ adapters, settings, opened }: Wiring, mailer: Mailer): void {
  const digests = startDigestScheduler({
    db: adapters.db,
    mailer,
    timeZone: settings.timeZone,
    sendHour: settings.weeklyDigestHour,
    revenueCurrency: settings.revenueCurrency,
    log: logAs(adapters.log, 'analytics'),
  });
  opened.push(() => digests.stop());
}

/**
 * The alert rules: the analytics process's evaluator, here beside its app (an advisory lock keeps it to one
 * evaluation at a time when another process runs one too).
 */
export function startAlerts({ adapters, settings, opened }: Wiring, mailer: Mailer): void {
  const alerts = startAlertEvaluator({
    db: adapters.db,
    mailer,
    timeZone: settings.timeZone,
    ...(settings.alertEvalIntervalMs !== undefined ? { intervalMs: settings.alertEvalIntervalMs } : {}),
    log: logAs(adapters.log, 'analytics'),
  });
  opened.push(() => alerts.stop());
}
