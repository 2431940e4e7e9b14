// Per-socket message budget: a fixed window of `messages` per `windowMs`. Messages over the budget are
// dropped; a socket that keeps flooding (more than twice the budget in one window, or over budget in
// `strikesToClose` windows in a row) is closed — a browser tab never comes close (one heartbeat per 30 s).
export interface RateLimit {
  messages: number;
  windowMs: number;
  strikesToClose?: number;
}

/** 'accept' — handle it; 'drop' — over budget (firstDrop: the first of this window, worth one error reply); 'close' — abusive. */
export type RateDecision =
  { verdict: 'accept' } | { verdict: 'drop'; firstDrop: boolean } | { verdict: 'close' };

export class MessageRateLimiter {
  private windowStart = -Infinity;
  private used = 0;
  private strikes = 0;

  constructor(private readonly limit: RateLimit) {}

  check(now: number): RateDecision {
    if (now - this.windowStart >= this.limit.windowMs) {
      // A window that ended over budget is a strike; a clean one forgives the earlier ones.
      this.strikes = this.used > this.limit.messages ? this.strikes + 1 : 0;
      this.windowStart = now;
      this.used = 0;
    }
    this.used++;
    if (this.used <= this.limit.messages) return { verdict: 'accept' };
    if (this.used > 2 * this.limit.messages || this.strikes + 1 >= (this.limit.strikesToClose ?? 3))
      return { verdict: 'close' };
    return { verdict: 'drop', firstDrop: this.used === this.limit.messages + 1 };
  }
}
