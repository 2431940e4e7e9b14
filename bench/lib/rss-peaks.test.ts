// The RSS peak a benchmark reports is the largest sample of the run; a sample that could not be read (the
// process had gone) is skipped, never taken for a peak of 0 or NaN.
import { describe, expect, it } from 'vitest';
import { runningPeak } from './rss-peaks';

describe('the RSS peak', () => {
  it('is the largest sample, wherever in the run it fell', () => {
    const peak = runningPeak();
    for (const mb of [120, 180, 341, 290, 300]) peak.add(mb);
    expect(peak.peak()).toBe(341);
  });

  it('skips samples that could not be read', () => {
    const peak = runningPeak();
    for (const mb of [Number.NaN, 90, Number.NaN]) peak.add(mb);
    expect(peak.peak()).toBe(90);
  });

  it('is NaN (printed as null) when no sample was read at all', () => {
    const peak = runningPeak();
    peak.add(Number.NaN);
    expect(peak.peak()).toBeNaN();
  });
});
