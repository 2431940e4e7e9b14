// Waiting for a server is done by asking it, never by sleeping a fixed time.
import { sleep } from './processes';

export interface PollOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Checked between attempts: a reason to stop waiting early (e.g. the process died). */
  giveUpIf?: () => string | undefined;
}

export type PollOutcome = { ready: true } | { ready: false; reason: string };

export async function pollUntil(check: () => Promise<boolean>, options: PollOptions): Promise<PollOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check()) return { ready: true };
    const reason = options.giveUpIf?.();
    if (reason) return { ready: false, reason };
    if (Date.now() >= deadline) {
      return { ready: false, reason: `no answer within ${Math.round(options.timeoutMs / 1000)} s` };
    }
    await sleep(options.intervalMs ?? 250);
  }
}
