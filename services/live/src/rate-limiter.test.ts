import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageRateLimiter, socketMessageCounter } from './rate-limiter';

// The windows are the rate limiter's, on the clock: each batch of messages arrives at `now` ms.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const verdicts = async (limiter: MessageRateLimiter, n: number, now: number) => {
  vi.setSystemTime(now);
  return (await Promise.all(Array.from({ length: n }, () => limiter.check()))).map((d) => d.verdict);
};
const checkAt = (limiter: MessageRateLimiter, now: number) => {
  vi.setSystemTime(now);
  return limiter.check();
};

describe('per-socket message rate limit', () => {
  it('accepts the budget of a window and drops what is over it', async () => {
    const limiter = new MessageRateLimiter({ messages: 3, windowMs: 10_000 });
    expect(await verdicts(limiter, 5, 0)).toEqual(['accept', 'accept', 'accept', 'drop', 'drop']);
  });

  it('flags only the first dropped message of a window for an error reply', async () => {
    const limiter = new MessageRateLimiter({ messages: 1, windowMs: 10_000 });
    await checkAt(limiter, 0);
    expect(await checkAt(limiter, 1)).toEqual({ verdict: 'drop', firstDrop: true });
    expect(await checkAt(limiter, 2)).toEqual({ verdict: 'close' });
  });

  it('gives a fresh budget in the next window', async () => {
    const limiter = new MessageRateLimiter({ messages: 2, windowMs: 10_000 });
    expect(await verdicts(limiter, 3, 0)).toEqual(['accept', 'accept', 'drop']);
    expect(await verdicts(limiter, 2, 10_000)).toEqual(['accept', 'accept']);
  });

  it('closes a socket that sends more than twice the budget in one window', async () => {
    const limiter = new MessageRateLimiter({ messages: 4, windowMs: 10_000 });
    expect(await verdicts(limiter, 9, 0)).toEqual([
      ...Array(4).fill('accept'),
      ...Array(4).fill('drop'),
      'close',
    ]);
  });

  it('closes a socket that is over budget in several windows in a row, and forgives after a clean one', async () => {
    const limiter = new MessageRateLimiter({ messages: 2, windowMs: 1000, strikesToClose: 3 });
    expect(await verdicts(limiter, 3, 0)).toEqual(['accept', 'accept', 'drop']);
    expect(await verdicts(limiter, 3, 1000)).toEqual(['accept', 'accept', 'drop']);
    expect(await verdicts(limiter, 2, 2000)).toEqual(['accept', 'accept']);
    expect(await verdicts(limiter, 3, 3000)).toEqual(['accept', 'accept', 'drop']);
    expect(await verdicts(limiter, 3, 4000)).toEqual(['accept', 'accept', 'drop']);
    expect(await verdicts(limiter, 3, 5000)).toEqual(['accept', 'accept', 'close']);
  });

  it('counts each socket on its own within the one counter of the app', async () => {
    const limit = { messages: 1, windowMs: 10_000 };
    const counter = socketMessageCounter(limit);
    const first = new MessageRateLimiter(limit, counter);
    expect(await verdicts(first, 2, 0)).toEqual(['accept', 'drop']);
    const second = new MessageRateLimiter(limit, counter);
    expect(await verdicts(second, 1, 0)).toEqual(['accept']);
  });
});
