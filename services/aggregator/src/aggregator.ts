// The aggregator: consumes every tracking topic and applies each batch in ONE transaction — raw rows
// keyed by event id (ON CONFLICT DO NOTHING) and the aggregates moved only for rows that were new —
// then the bus commits the offsets. A replay or a crash therefore never double-counts and never loses
// an event tracking answered 202 for. After each applied batch it announces "analytics changed".
import type { Bus, ConsumedBatch, Consumer } from '@bodymetrics/bus';
import {
  topics,
  trackingTopics,
  type AnalyticsChangedNotice,
  type Envelope,
  type TopicKey,
  type TopicPayload,
} from '@bodymetrics/contracts';
import { transactionWithClient, type Db } from '@bodymetrics/db';
import type pg from 'pg';
import { applyAffiliateClickEvents } from './apply/affiliate-clicks';
import { applyFormSnapshotEvents } from './apply/form-snapshots';
import { applyJourneyEvents } from './apply/journey';
import { applyOfferImpressionEvents } from './apply/offer-impressions';
import { applyPageVisitEvents } from './apply/page-visits';
import { applySessionDurationEvents } from './apply/session-durations';
import { enrich, type Enriched } from './enrich';
import { startPartitionUpkeep } from './partition-upkeep';
import { withCopyClient, withIncrementsAtCommit, type Trx } from './sql-helpers';
import { defaultClickRules, type ClickRules } from './suspicion';

export interface AggregatorDeps {
  db: Db;
  bus: Bus;
  timeZone: string;
  /** SUSPICIOUS_CLICKS_PER_MINUTE and the rest of the click verdict's settings (default: suspicion.ts). */
  clickRules?: ClickRules;
  groupId?: string;
  /**
   * How many partitions' batches are applied at once, each in its own transaction (default 1). Safe because
   * every aggregate row is locked in key order and a deadlock is retried; the distributed mode runs 2
   * (AGGREGATOR_PARTITIONS_CONCURRENTLY), so one batch's Postgres round trips overlap another's work.
   */
  partitionsConsumedConcurrently?: number;
  /**
   * Told after each applied batch: `notifierOf(analyticsChangedNotice, transport)` from the contracts, a
   * Redis channel in the distributed mode and the live service in-process in the embedded one.
   */
  notify?: (notice: AnalyticsChangedNotice) => void | Promise<void>;
  /**
   * Applies one batch in one transaction: by default applyBatchToDb on `db`, here. The embedded mode runs it
   * in PGlite's thread instead (database-thread-jobs.ts), one round trip per batch.
   */
  applyBatch?: (batch: ConsumedBatch) => Promise<void>;
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

/**
 * Applies one topic's batch of new and redelivered events (enriched: enrich.ts), inside the batch's
 * transaction; the click applier judges each new click by `rules` (click-verdicts.ts).
 */
export type Applier<K extends TopicKey> = (
  trx: Trx,
  events: Enriched<TopicPayload<K>>[],
  rules: ClickRules,
) => Promise<void>;

/** Every tracking topic's applier (apply/*.ts; each file's header says which event field moves which column). */
export const appliers: { [K in TopicKey]: Applier<K> } = {
  pageVisit: applyPageVisitEvents,
  journey: applyJourneyEvents,
  affiliateClick: applyAffiliateClickEvents,
  sessionDuration: applySessionDurationEvents,
  formSnapshot: applyFormSnapshotEvents,
  offerImpression: applyOfferImpressionEvents,
};

const isTopicKey = (key: string): key is TopicKey => key in topics;
const topicKeyByName = new Map(
  Object.keys(topics)
    .filter(isTopicKey)
    .map((key) => [topics[key].name, key]),
);

/**
 * The bus hands over only events its topic's envelope schema accepted (decodeEnvelope), so a batch of a
 * topic carries that topic's payload.
 */
const isBatchOf = <K extends TopicKey>(
  batch: ConsumedBatch,
  key: K,
): batch is ConsumedBatch<TopicPayload<K>> => batch.topic.name === topics[key].name;

function applyAs<K extends TopicKey>(
  key: K,
  trx: Trx,
  batch: ConsumedBatch,
  timeZone: string,
  rules: ClickRules,
): Promise<void> {
  if (!isBatchOf(batch, key))
    throw new Error(`batch of ${batch.topic.name} is not one of ${topics[key].name}`);
  const apply: Applier<K> = appliers[key];
  // Each event's date, counted visitor and bot verdict are decided here, once, before its applier runs.
  return apply(
    trx,
    firstOfEachId(batch.events).map((e) => enrich(key, e, timeZone)),
    rules,
  );
}

/**
 * The batch's events, each id once (the first). A client's retry of a call carries the call's eventId, so the
 * same id can come twice in one batch; one INSERT … ON CONFLICT DO NOTHING keeps one row and answers the id
 * once, and an applier matching events to the fresh ids would otherwise count both.
 */
function firstOfEachId<P>(events: Envelope<P>[]): Envelope<P>[] {
  const seen = new Set<string>();
  const unique = events.filter((e) => {
    if (seen.has(e.id)) return false;
    seen.add(e.id);
    return true;
  });
  return unique.length === events.length ? events : unique;
}

/**
 * Applies one batch in `trx`. `client`: the pg client `trx` runs on, when it has one (transactionWithClient),
 * through which the raw rows are copied (raw-copy.ts).
 */
export async function applyBatchToDb(
  trx: Trx,
  batch: ConsumedBatch,
  timeZone: string,
  rules: ClickRules = defaultClickRules,
  client?: pg.ClientBase,
): Promise<void> {
  const key = topicKeyByName.get(batch.topic.name);
  if (!key) throw new Error(`no applier for topic ${batch.topic.name}`);
  // The aggregates' increments are written last, each table's in one upsert (sql-helpers.ts).
  return withCopyClient(trx, client, () =>
    withIncrementsAtCommit(trx, () => applyAs(key, trx, batch, timeZone, rules)),
  );
}

export async function startAggregator(deps: AggregatorDeps): Promise<Aggregator> {
  const stats = { running: true, batchesApplied: 0, eventsApplied: 0, lastAppliedAt: null as string | null };
  const groupId = deps.groupId ?? 'aggregator';
  await deps.bus.ensureTopics(trackingTopics);
  const upkeep = await startPartitionUpkeep({ db: deps.db, log: deps.log });
  const consumer: Consumer = await deps.bus.consume({
    groupId,
    topics: trackingTopics,
    partitionsConsumedConcurrently: deps.partitionsConsumedConcurrently ?? 1,
    handler:
      deps.applyBatch ??
      ((batch) =>
        transactionWithClient(deps.db, (trx, client) =>
          applyBatchToDb(trx, batch, deps.timeZone, deps.clickRules, client),
        )),
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
        await upkeep.stop();
      })();
      return stopping;
    },
  };
}
