import { describe, expect, it } from 'vitest';
import { MessageRateLimiter } from './rate-limiter';

const verdicts = (limiter: MessageRateLimiter, n: number, now: number) =>
  Array.from({ length: n }, () => limiter.check(now).verdict);

describe('per-socket message rate limit', () => {
  it('accepts the budget of a window and drops what is over it', () => {
    const limiter = new MessageRateLimiter({ messages: 3, windowMs: 10_000 });
    expect(verdicts(limiter, 5, 0)).toEqual(['accept', 'accept', 'accept', 'drop', 'drop']);
  });

  it('flags only the first dropped message of a window for an error reply', () => {
    const limiter = new MessageRateLimiter({ messages: 1, windowMs: 10_000 });
    limiter.check(0);
    expect(limiter.check(1)).toEqual({ verdict: 'drop', firstDrop: true });
    expect(limiter.check(2)).toEqual({ verdict: 'close' });
  });

  it('gives a fresh budget in the next window', () => {
    const limiter = new MessageRateLimiter({ messages: 2, windowMs: 10_000 });
    expect(verdicts(limiter, 3, 0)).toEqual(['accept', 'accept', 'drop']);
    expect(verdicts(limiter, 2, 10_000)).toEqual(['accept', 'accept']);
  });

  it('closes a socket that sends more than twice the budget in one window', () => {
    const limiter = new MessageRateLimiter({ messages: 4, windowMs: 10_000 });
    expect(verdicts(limiter, 9, 0)).toEqual([...Array(4).fill('accept'), ...Array(4).fill('drop'), 'close']);
  });

  it('closes a socket that is over budget in several windows in a row, and forgives after a clean one', () => {
    const limiter = new MessageRateLimiter({ messages: 2, windowMs: 1000, strikesToClose: 3 });
    expect(verdicts(limiter, 3, 0)).toEqual(['accept', 'accept', 'drop']);
    expect(verdicts(limiter, 3, 1000)).toEqual(['accept', 'accept', 'drop']);
    expect(verdicts(limiter, 2, 2000)).toEqual(['accept', 'accept']);
    expect(verdicts(limiter, 3, 3000)).toEqual(['accept', 'accept', 'drop']);
    expect(verdicts(limiter, 3, 4000)).toEqual(['accept', 'accept', 'drop']);
    expect(verdicts(limiter, 3, 5000)).toEqual(['accept', 'accept', 'close']);
  });
});
