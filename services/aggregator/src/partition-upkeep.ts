// Keeps the raw tables' month partitions ahead of time (@bodymetrics/db month-partitions.ts): this month
// and the next two, at the aggregator's start (before it consumes) and then daily, so the first insert of
// a month finds its partition. Should the upkeep fail or stop, a row still lands in the DEFAULT partition,
// and the month made later takes its rows from there.
import { ensureMonthPartitions, type Db } from '@bodymetrics/db';

export const partitionUpkeepIntervalMs = 24 * 60 * 60 * 1000;

export interface PartitionUpkeep {
  stop(): Promise<void>;
}

export async function startPartitionUpkeep(deps: {
  db: Db;
  intervalMs?: number;
  log?: (message: string, err?: unknown) => void;
}): Promise<PartitionUpkeep> {
  await ensureMonthPartitions(deps.db);
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    current = ensureMonthPartitions(deps.db).catch((err: unknown) =>
      deps.log?.('month partitions upkeep failed (rows go to the DEFAULT partition meanwhile)', err),
    );
  }, deps.intervalMs ?? partitionUpkeepIntervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
