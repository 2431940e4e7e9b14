// The retry rules of lazily loaded code (the browser behaviour is covered in e2e/visitor-resilience).
// Outside a browser there is no page to compare builds with, so a failure is never "a new build".
import { describe, expect, it } from 'vitest';
import { loadOnce, retryOnce } from './lazy-part';

function flaky<T>(failures: number, value: T) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(new Error(`attempt ${calls} failed`)) : Promise.resolve(value);
  };
  return { load, calls: () => calls };
}

describe('retryOnce', () => {
  it('gives a load that failed once a second try', async () => {
    const part = flaky(1, 'code');
    await expect(retryOnce(part.load)).resolves.toBe('code');
    expect(part.calls()).toBe(2);
  });

  it('gives up after the second failure with its error', async () => {
    const part = flaky(5, 'code');
    await expect(retryOnce(part.load)).rejects.toThrow('attempt 2 failed');
    expect(part.calls()).toBe(2);
  });

  it('does not load again what loaded the first time', async () => {
    const part = flaky(0, 'code');
    await expect(retryOnce(part.load)).resolves.toBe('code');
    expect(part.calls()).toBe(1);
  });
});

describe('loadOnce', () => {
  it('shares one load between callers and keeps its result', async () => {
    const part = flaky(0, 'code');
    const load = loadOnce(part.load);
    await expect(Promise.all([load(), load()])).resolves.toEqual(['code', 'code']);
    await expect(load()).resolves.toBe('code');
    expect(part.calls()).toBe(1);
  });

  it('forgets a failure, so the next call goes to the network again', async () => {
    const part = flaky(2, 'code');
    const load = loadOnce(part.load);
    await expect(load()).rejects.toThrow('attempt 2 failed');
    await expect(load()).resolves.toBe('code');
    expect(part.calls()).toBe(3);
  });
});
