// How long a date learnt from Postgres is kept (period.ts todayOf): to the zone's midnight, a minute at most.
import { describe, expect, it } from 'vitest';
import { todayKeptMs, todayKnownUntil } from './period';

describe('todayKnownUntil', () => {
  it("keeps the date until the zone's midnight, counted from when the question was sent", () => {
    expect(todayKnownUntil(1_000, 5)).toBe(6_000);
    expect(todayKnownUntil(1_000, 0.25)).toBe(1_250);
  });

  it('keeps it a minute at most, however far midnight is', () => {
    expect(todayKeptMs).toBe(60_000);
    expect(todayKnownUntil(1_000, 3_600)).toBe(61_000);
  });
});
