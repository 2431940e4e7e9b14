import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns a burst of triggers into one run now and one after the interval', async () => {
    const run = vi.fn(async () => {});
    const t = throttle(run, 250, () => {});
    t.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) t.trigger();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never overlaps runs and runs again when triggered during a run', async () => {
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 1000));
      active--;
    });
    const t = throttle(run, 250, () => {});
    t.trigger();
    await vi.advanceTimersByTimeAsync(10);
    t.trigger();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(maxActive).toBe(1);
  });

  it('reports a failing run and keeps working', async () => {
    const errors: unknown[] = [];
    const run = vi.fn().mockRejectedValueOnce(new Error('redis away')).mockResolvedValue(undefined);
    const t = throttle(run, 250, (e) => errors.push(e));
    t.trigger();
    await vi.advanceTimersByTimeAsync(0);
    t.trigger();
    await vi.advanceTimersByTimeAsync(300);
    expect(errors).toHaveLength(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('does nothing once cancelled', async () => {
    const run = vi.fn(async () => {});
    const t = throttle(run, 250, () => {});
    t.trigger();
    t.cancel();
    t.trigger();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
