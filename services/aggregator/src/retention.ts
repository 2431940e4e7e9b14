// The retention job (privacy: the operator is in the EU): raw events older than RETENTION_DAYS are
// deleted, together with the "seen before?" sets that name visitors (daily_visitors,
// funnel_step_visitors, funnel_visitor_progress, affiliate_click_visitors, offer_impression_visitors,
// traffic_sources, visitor_conversions), the offer-counter calls (offer_counter_clicks) and the per-session rows
// (visitor_sessions). The daily aggregates stay — they are the dashboard's history and name nobody.
//
// Shares (share_images: which card a posted link shows, and when) expire the same way, by their own
// clock: the stored cards (share_cards) stay — one per rounded BMI, bounded by the plausible BMI range —
// and a link whose share row is gone still opens a working page with the default image.
//
// Raw events (the month-partitioned tables, @bodymetrics/db month-partitions.ts) go a whole month at a time:
// a month's partition is dropped once all of it is older than the retention period — constant time, however
// many rows it holds, and no dead rows for vacuum. Retention therefore rounds up to the month: a raw event
// is deleted when the period has passed the end of its calendar month (UTC), that is between
// RETENTION_DAYS and RETENTION_DAYS + 31 days after it was received (+ up to a day until the next run).
// Rows in a DEFAULT partition (received while their month had no partition) are deleted by the exact rule.
//
// The other deletes go in small batches (`ctid = ANY(ARRAY(SELECT ctid … LIMIT n))`), each its own short
// statement, so the job never holds many row locks or one long transaction next to the aggregator's
// batches. Several aggregator instances may run it at once; a session-level advisory lock lets one of
// them do the work and the others skip that round.
//
// Why deleting raw rows cannot make a replay count twice: events are stamped when tracking receives
// them, and Kafka keeps a topic's messages for 7 days by default — far less than any allowed
// RETENTION_DAYS — so no event can be delivered again after its raw row (its idempotency key) is gone.
import { sql, type Kysely } from 'kysely';
import {
  advisoryLocks,
  defaultPartitionName,
  monthPartitionsOf,
  partitionedRawTables,
  rawEventTimeColumns,
  type Database,
  type Db,
  type PartitionedRawTable,
} from '@bodymetrics/db';
import { localDate } from './local-date';

/** Raw event tables: their month partitions are dropped whole once past the retention period. */
export const expiringRawTables = partitionedRawTables;

/** Time-stamped tables whose rows are deleted once older than the retention period, with their clock. */
export const expiringTimestampTables = [
  // No index on started_at: once the backlog is gone each run scans it once, which is fine once a day.
  { table: 'visitor_sessions', column: 'started_at' },
  { table: 'visitor_conversions', column: 'converted_at' },
] as const satisfies readonly { table: keyof Database; column: string }[];

/** Dated dedupe sets (one row per visitor per day): deleted by their calendar date in the operator's zone. */
export const expiringDatedTables = [
  { table: 'daily_visitors', column: 'date' },
  { table: 'funnel_step_visitors', column: 'date' },
  // First touches name a (counted) visitor too; a visitor back after the retention period is new again.
  { table: 'traffic_sources', column: 'first_visit_date' },
  { table: 'affiliate_click_visitors', column: 'date' },
  { table: 'offer_impression_visitors', column: 'date' },
  { table: 'funnel_visitor_progress', column: 'date' },
] as const satisfies readonly { table: keyof Database; column: string }[];

/** Shares: not analytics, so counted apart from the raw events (see RetentionResult.deletedShares). */
export const expiringShares = { table: 'share_images', column: 'created_at' } as const satisfies {
  table: keyof Database;
  column: string;
};

export type ExpiringTable =
  | PartitionedRawTable
  | (typeof expiringTimestampTables)[number]['table']
  | (typeof expiringDatedTables)[number]['table'];

export const defaultRetentionDays = 395;
export const defaultRetentionBatchSize = 5_000;
export const retentionIntervalMs = 24 * 60 * 60 * 1000;
/** pg_try_advisory_lock key of the job (any constant that no other part of the product uses). */
const retentionLockKey = advisoryLocks.retention;

export interface RetentionOptions {
  retentionDays: number;
  /** The operator's time zone (ANALYTICS_TZ): which calendar day a dated row belongs to. */
  timeZone: string;
  batchSize?: number;
  /** "Now", for tests. */
  now?: Date;
}

export interface RetentionResult {
  /**
   * Rows deleted per table (for a raw table: from its DEFAULT partition only); null when another instance
   * held the lock and this run did nothing.
   */
  deleted: Record<ExpiringTable, number> | null;
  /** The month partitions dropped, per raw table; null when another instance held the lock. */
  droppedPartitions: Record<PartitionedRawTable, string[]> | null;
  /** Share rows deleted; null when another instance held the lock. */
  deletedShares: number | null;
  cutoff: string;
}

/** How long dropping a partition may wait for its table's lock (inserts and reads hold it briefly). */
const dropLockTimeout = '10s';

/** Drops the month partitions of `table` that end at or before `cutoff`; answers their names. */
async function dropExpiredPartitions(
  db: Kysely<Database>,
  table: PartitionedRawTable,
  cutoff: Date,
): Promise<string[]> {
  const expired = (await monthPartitionsOf(db, table)).filter((p) => p.to.getTime() <= cutoff.getTime());
  for (const { name } of expired) await sql`drop table ${sql.table(name)}`.execute(db);
  return expired.map((p) => p.name);
}

async function deleteInBatches(
  db: Kysely<Database>,
  table: string,
  column: string,
  olderThan: Date | string,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)}
      where ctid = any(array(
        select ctid from ${sql.table(table)} where ${sql.ref(column)} < ${olderThan} limit ${batchSize}
      ))
    `.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < batchSize) return total;
  }
}

/** Deletes everything older than `retentionDays` once, table by table. */
export async function deleteExpiredRawEvents(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  if (!Number.isInteger(options.retentionDays) || options.retentionDays < 1)
    throw new Error(`retentionDays must be a positive whole number, got ${options.retentionDays}`);
  const batchSize = options.batchSize ?? defaultRetentionBatchSize;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * 86_400_000);
  const cutoffDate = localDate(cutoff, options.timeZone);

  // One connection for the lock and the deletes: a session-level advisory lock belongs to its connection.
  return db.connection().execute(async (conn) => {
    const locked = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${retentionLockKey}) as locked`.execute(conn);
    if (!locked.rows[0]?.locked)
      return { deleted: null, droppedPartitions: null, deletedShares: null, cutoff: cutoff.toISOString() };
    try {
      const deleted = {} as Record<ExpiringTable, number>;
      const droppedPartitions = {} as Record<PartitionedRawTable, string[]>;
      // A DROP waits for the inserts and reads in hand; the timeout keeps it from queueing new ones behind
      // it for long (a run that times out is retried the next day).
      await sql`select set_config('lock_timeout', ${dropLockTimeout}, false)`.execute(conn);
      try {
        for (const table of expiringRawTables)
          droppedPartitions[table] = await dropExpiredPartitions(conn, table, cutoff);
      } finally {
        await sql`reset lock_timeout`.execute(conn);
      }
      for (const table of expiringRawTables)
        deleted[table] = await deleteInBatches(
          conn,
          defaultPartitionName(table),
          rawEventTimeColumns[table],
          cutoff,
          batchSize,
        );
      for (const { table, column } of expiringTimestampTables)
        deleted[table] = await deleteInBatches(conn, table, column, cutoff, batchSize);
      for (const { table, column } of expiringDatedTables)
        deleted[table] = await deleteInBatches(conn, table, column, cutoffDate, batchSize);
      const deletedShares = await deleteInBatches(
        conn,
        expiringShares.table,
        expiringShares.column,
        cutoff,
        batchSize,
      );
      return { deleted, droppedPartitions, deletedShares, cutoff: cutoff.toISOString() };
    } finally {
      await sql`select pg_advisory_unlock(${retentionLockKey})`.execute(conn);
    }
  });
}

export interface RetentionJob {
  /** Resolves when the current run (if any) has finished; no run starts afterwards. */
  stop(): Promise<void>;
  /** The run in progress or the last one, for tests and status. */
  lastRun(): Promise<RetentionResult | undefined>;
}

export interface RetentionJobDeps extends Omit<RetentionOptions, 'now'> {
  db: Db;
  intervalMs?: number;
  log?: (message: string, details?: unknown) => void;
}

/** Runs the job now and then every `intervalMs` (24 h) until stopped. A failed run is logged and retried next time. */
export function startRetention(deps: RetentionJobDeps): RetentionJob {
  let stopped = false;
  let current: Promise<RetentionResult | undefined> = Promise.resolve(undefined);
  const run = () => {
    if (stopped) return;
    const started = Date.now();
    current = deleteExpiredRawEvents(deps.db, deps)
      .then((result) => {
        deps.log?.('retention run finished', {
          ...result,
          retentionDays: deps.retentionDays,
          ms: Date.now() - started,
        });
        return result;
      })
      .catch((err: unknown) => {
        deps.log?.('retention run failed', { err });
        return undefined;
      });
  };
  run();
  const timer = setInterval(run, deps.intervalMs ?? retentionIntervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
    lastRun: () => current,
  };
}
