// The retention job (privacy: the operator is in the EU): raw events older than RETENTION_DAYS are
// deleted, together with the "seen before?" sets that name visitors (daily_visitors,
// funnel_step_visitors, funnel_visitor_progress, affiliate_click_visitors, traffic_sources,
// visitor_conversions), the offer-counter calls (offer_counter_clicks) and the per-session rows
// (visitor_sessions). The daily aggregates stay — they are the dashboard's history and name nobody.
//
// Shares (share_images: which card a posted link shows, and when) expire the same way, by their own
// clock: the stored cards (share_cards) stay — one per rounded BMI, bounded by the plausible BMI range —
// and a link whose share row is gone still opens a working page with the default image.
//
// Deletes go in small batches (`ctid = ANY(ARRAY(SELECT ctid … LIMIT n))`), each its own short
// statement, so the job never holds many row locks or one long transaction next to the aggregator's
// batches. Several aggregator instances may run it at once; a session-level advisory lock lets one of
// them do the work and the others skip that round.
//
// Why deleting raw rows cannot make a replay count twice: events are stamped when tracking receives
// them, and Kafka keeps a topic's messages for 7 days by default — far less than any allowed
// RETENTION_DAYS — so no event can be delivered again after its raw row (its idempotency key) is gone.
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '@bodymetrics/db';
import { localDate } from './local-date';

/** Time-stamped tables whose rows are deleted once older than the retention period, with their clock. */
export const expiringTimestampTables = [
  { table: 'page_visits', column: 'visited_at' },
  { table: 'page_leaves', column: 'left_at' },
  { table: 'session_durations', column: 'recorded_at' },
  { table: 'user_journey', column: 'timestamp' },
  { table: 'affiliate_clicks', column: 'clicked_at' },
  { table: 'offer_counter_clicks', column: 'clicked_at' },
  { table: 'form_snapshots', column: 'received_at' },
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
  { table: 'funnel_visitor_progress', column: 'date' },
] as const satisfies readonly { table: keyof Database; column: string }[];

/** Shares: not analytics, so counted apart from the raw events (see RetentionResult.deletedShares). */
export const expiringShares = { table: 'share_images', column: 'created_at' } as const satisfies {
  table: keyof Database;
  column: string;
};

export type ExpiringTable =
  (typeof expiringTimestampTables)[number]['table'] | (typeof expiringDatedTables)[number]['table'];

export const defaultRetentionDays = 395;
export const defaultRetentionBatchSize = 5_000;
export const retentionIntervalMs = 24 * 60 * 60 * 1000;
/** pg_try_advisory_lock key of the job (any constant that no other part of the product uses). */
const retentionLockKey = 395_001;

export interface RetentionOptions {
  retentionDays: number;
  /** The operator's time zone (ANALYTICS_TZ): which calendar day a dated row belongs to. */
  timeZone: string;
  batchSize?: number;
  /** "Now", for tests. */
  now?: Date;
}

export interface RetentionResult {
  /** Rows deleted per table; null when another instance held the lock and this run did nothing. */
  deleted: Record<ExpiringTable, number> | null;
  /** Share rows deleted; null when another instance held the lock. */
  deletedShares: number | null;
  cutoff: string;
}

async function deleteInBatches(
  db: Kysely<Database>,
  table: ExpiringTable | typeof expiringShares.table,
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
    if (!locked.rows[0]?.locked) return { deleted: null, deletedShares: null, cutoff: cutoff.toISOString() };
    try {
      const deleted = {} as Record<ExpiringTable, number>;
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
      return { deleted, deletedShares, cutoff: cutoff.toISOString() };
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
