// What both adapters do with a batch once it is decoded: apply it, back off and retry while the failure
// is one a retry can cure, and when it is not, find the message(s) that cannot be applied by trying
// them one by one, dead-letter those, and go on. Nothing is acknowledged before it was applied.
import type { Envelope } from '@bodymetrics/contracts';
import type { ConsumedBatch, ConsumeOptions } from './types';

export interface ApplyContext {
  isRunning: () => boolean;
  heartbeat: () => Promise<void>;
  deadLetter: (event: Envelope<unknown>, reason: string) => Promise<void>;
  log?: (message: string, err?: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Postgres and network errors that go away by themselves (server restarting, connection lost). A fast
 * Postgres restart under the aggregator gives, in turn: 57P01 (terminating connection), 57P03 (shutting
 * down / starting up), ECONNRESET, ECONNREFUSED, and pg's own "not queryable" for a client it saw die.
 */
export function defaultIsRetryable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  const code = e?.code ?? '';
  if (/^(08|53|57P|40001|40P01)/.test(code)) return true; // connection, resources, shutdown, serialization, deadlock
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
    return true;
  const message = e?.message ?? '';
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|the database system is (starting up|shutting down)/i.test(
    message,
  );
}

/** Resolves when the batch was applied (or its poison dead-lettered); rejects only when stopping. */
export async function applyBatch(
  batch: ConsumedBatch,
  options: ConsumeOptions,
  ctx: ApplyContext,
): Promise<void> {
  const isRetryable = options.isRetryable ?? defaultIsRetryable;
  let delay = 100;
  for (;;) {
    try {
      await options.handler(batch);
      return;
    } catch (err) {
      if (!ctx.isRunning()) throw err;
      if (isRetryable(err)) {
        ctx.log?.(
          `batch of ${batch.events.length} on ${batch.topic.name} failed; retrying in ${delay} ms`,
          err,
        );
        await sleep(delay);
        await ctx.heartbeat().catch(() => undefined);
        delay = Math.min(delay * 2, 5000);
        continue;
      }
      if (batch.events.length === 1) {
        const [event] = batch.events;
        if (event) await ctx.deadLetter(event, (err as Error).message ?? String(err));
        return;
      }
      // A permanent failure somewhere in the batch: isolate it so the rest still lands.
      for (const event of batch.events) {
        await applyBatch({ topic: batch.topic, events: [event] }, options, ctx);
      }
      return;
    }
  }
}
