// The chart's marks of the annotations: numbered in the list's order, each clamped to the period.
import { describe, expect, it } from 'vitest';
import { marksOf } from './annotation-marks';

describe('marksOf', () => {
  it('numbers the notes from 1 and clamps a range to the period', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(
      marksOf(
        [
          { id: 7, date: '2026-10-28', endDate: '2026-11-03' },
          { id: 3, date: '2026-11-10', endDate: '2026-11-10' },
          { id: 5, date: '2026-11-29', endDate: '2026-12-04' },
        ],
        period,
      ),
    ).toEqual([
      { id: 7, number: 1, from: '2026-11-01', to: '2026-11-03' },
      { id: 3, number: 2, from: '2026-11-10', to: '2026-11-10' },
      { id: 5, number: 3, from: '2026-11-29', to: '2026-11-30' },
    ]);
  });
});
