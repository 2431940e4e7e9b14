// A benchmark's target is met only when its figure holds and every request behind it was answered 2xx.
import { describe, expect, it } from 'vitest';
import { failedAnswers, targetMet } from './targets';

const clean = { non2xx: 0, errors: 0 };

describe('a target', () => {
  it('is met when its figure holds and every request was answered 2xx', () => {
    expect(targetMet(12 <= 25, [clean, clean])).toBe(true);
  });

  it('is not met when its figure does not hold', () => {
    expect(targetMet(31 <= 25, [clean])).toBe(false);
  });

  it('is not met by a quick p99 made of 503s', () => {
    expect(targetMet(3 <= 25, [clean, { non2xx: 1, errors: 0 }])).toBe(false);
  });

  it('is not met when a request had no answer (a connection error or a timeout)', () => {
    expect(targetMet(true, [{ non2xx: 0, errors: 2 }])).toBe(false);
  });

  it('is not met by a figure from no samples at all (NaN)', () => {
    const p95OfNoSamples = Number.NaN;
    expect(targetMet(p95OfNoSamples <= 2000, [clean])).toBe(false);
  });
});

describe('failed answers', () => {
  it('are the non-2xx answers and the errors of every run, summed', () => {
    expect(failedAnswers([clean, { non2xx: 3, errors: 1 }, { non2xx: 2, errors: 0 }])).toEqual({
      non_2xx: 5,
      errors: 1,
    });
  });
});
