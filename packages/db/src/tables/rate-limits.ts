// The Postgres store of the one rate limiter (service-kit rate-limit.ts), written by rate-limiter-flexible.
import type { ColumnType } from 'kysely';

/** One key's count in its current window: `<limiter name>:<key>` (e.g. a hash of a recipient's address). */
export interface RateLimitCountersTable {
  key: string;
  points: number;
  /** When the window ends, in ms since the epoch (a bigint: read as text). */
  expire: ColumnType<string | null, number | string | null, number | string | null>;
}

export interface RateLimitTables {
  rate_limit_counters: RateLimitCountersTable;
}
