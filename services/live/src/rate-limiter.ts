// Per-socket message budget: `messages` per window of `windowMs`, counted by service-kit's rate limiter in
// this process's memory (a socket lives in one process). Messages over the budget are dropped; a socket
// that keeps flooding (more than twice the budget in one window, or over budget in `strikesToClose` windows
// in a row) is closed — a browser tab never comes close (one heartbeat per 30 s).
import { randomUUID } from 'node:crypto';
import { rateLimiter, type RateLimiter } from '@bodymetrics/service-kit/rate-limit';

export interface RateLimit {
  messages: number;
  windowMs: number;
  strikesToClose?: number;
}

/** 'accept' — handle it; 'drop' — over budget (firstDrop: the first of this window, worth one error reply); 'close' — abusive. */
export type RateDecision =
  { verdict: 'accept' } | { verdict: 'drop'; firstDrop: boolean } | { verdict: 'close' };

/** The counts of every socket of one live app: one limiter, a key per socket. */
export const socketMessageCounter = (limit: RateLimit): RateLimiter =>
  rateLimiter('socket-messages', { max: limit.messages, windowMs: limit.windowMs }, { kind: 'memory' });

/** One socket's budget. Decisions come in the order the messages arrived. */
export class MessageRateLimiter {
  private readonly key = randomUUID();
  private strikes = 0;
  /** Messages counted in the window of the last one. */
  private used = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly counter: RateLimiter = socketMessageCounter(limit),
  ) {}

  async check(): Promise<RateDecision> {
    const { used } = await this.counter.take(this.key);
    // A new window: one that ended over budget is a strike; a clean one forgives the earlier ones.
    if (used === 1) this.strikes = this.used > this.limit.messages ? this.strikes + 1 : 0;
    this.used = used;
    if (used <= this.limit.messages) return { verdict: 'accept' };
    if (used > 2 * this.limit.messages || this.strikes + 1 >= (this.limit.strikesToClose ?? 3))
      return { verdict: 'close' };
    return { verdict: 'drop', firstDrop: used === this.limit.messages + 1 };
  }

  /** The socket is gone: so is its count. */
  release(): Promise<void> {
    return this.counter.forget(this.key);
  }
}
