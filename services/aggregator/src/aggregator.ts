// The aggregator: consumes every tracking topic and applies each batch in ONE transaction — raw rows
// keyed by event id (ON CONFLICT DO NOTHING) and the aggregates moved only for rows that were new —
// then the bus commits the offsets. A replay or a crash therefore never double-counts and never loses
// an event tracking answered 202 for. After each applied batch it announces "analytics changed".
import type { Bus, ConsumedBatch, Consumer } from '@bodymetrics/bus';
import {
  topics,
  trackingTopics,
  type AffiliateClickEvent,
  type AnalyticsChangedNotice,
  type Envelope,
  type FormSessionEvent,
  type JourneyEvent,
  type PageVisitEvent,
  type SessionDurationEvent,
} from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { applyAffiliateClickEvents } from './apply/affiliate-clicks';
import { applyFormSessionEvents } from './apply/form-sessions';
import { applyJourneyEvents } from './apply/journey';
import { applyPageVisitEvents } from './apply/page-visits';
import { applySessionDurationEvents } from './apply/session-durations';
import type { Trx } from './sql-helpers';

export interface AggregatorDeps {
  db: Db;
  bus: Bus;
  timeZone: string;
  groupId?: string;
  /**
   * Told after each applied batch: `notifierOf(analyticsChangedNotice, transport)` from the contracts, a
   * Redis channel in the distributed mode and the live service in-process in the embedded one.
   */
  notify?: (notice: AnalyticsChangedNotice) => void | Promise<void>;
  log?: (message: string, err?: unknown) => void;
}

export interface Aggregator {
  healthcheck(): {
    running: boolean;
    batchesApplied: number;
    eventsApplied: number;
    lastAppliedAt: string | null;
  };
  /** Messages on each tracking topic not applied yet (summed over partitions); empty when the bus cannot tell. */
  consumerLag(): Promise<{ topic: string; lag: number }[]>;
  shutdown(): Promise<void>;
}

export async function applyBatchToDb(trx: Trx, batch: ConsumedBatch, timeZone: string): Promise<void> {
  switch (batch.topic.name) {
    case topics.pageVisit.name:
      return applyPageVisitEvents(trx, batch.events as Envelope<PageVisitEvent>[], timeZone);
    case topics.journey.name:
      return applyJourneyEvents(trx, batch.events as Envelope<JourneyEvent>[], timeZone);
    case topics.affiliateClick.name:
      return applyAffiliateClickEvents(trx, batch.events as Envelope<AffiliateClickEvent>[], timeZone);
    case topics.sessionDuration.name:
      return applySessionDurationEvents(trx, batch.events as Envelope<SessionDurationEvent>[], timeZone);
    case topics.formSession.name:
      return applyFormSessionEvents(trx, batch.events as Envelope<FormSessionEvent>[]);
    default:
      throw new Error(`no applier for topic ${batch.topic.name}`);
  }
}

export async function startAggregator(deps: AggregatorDeps): Promise<Aggregator> {
  const stats = { running: true, batchesApplied: 0, eventsApplied: 0, lastAppliedAt: null as string | null };
  const groupId = deps.groupId ?? 'aggregator';
  await deps.bus.ensureTopics(trackingTopics);
  const consumer: Consumer = await deps.bus.consume({
    groupId,
    topics: trackingTopics,
    handler: (batch) => deps.db.transaction().execute((trx) => applyBatchToDb(trx, batch, deps.timeZone)),
    onBatchApplied: (batch) => {
      stats.batchesApplied += 1;
      stats.eventsApplied += batch.events.length;
      stats.lastAppliedAt = new Date().toISOString();
      if (deps.notify && batch.events.length) {
        Promise.resolve(deps.notify({ changedAt: stats.lastAppliedAt, topics: [batch.topic.name] })).catch(
          (err: unknown) => deps.log?.('analytics-changed notice failed', err),
        );
      }
    },
  });
  let stopping: Promise<void> | undefined;
  return {
    healthcheck: () => ({ ...stats }),
    consumerLag: async () => {
      const partitions = (await deps.bus.consumerLag?.(groupId, trackingTopics)) ?? [];
      const byTopic = new Map<string, number>();
      for (const p of partitions) byTopic.set(p.topic, (byTopic.get(p.topic) ?? 0) + p.lag);
      return [...byTopic].map(([topic, lag]) => ({ topic, lag }));
    },
    shutdown: () => {
      stopping ??= (async () => {
        stats.running = false;
        await consumer.stop();
      })();
      return stopping;
    },
  };
}
