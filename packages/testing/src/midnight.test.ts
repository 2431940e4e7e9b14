import { describe, expect, it } from 'vitest';
import { midnightMarginMs, msUntilMidnight, waitForMidnight } from './midnight';

describe('the midnight guard', () => {
  it('counts to the next midnight in the zone asked for', () => {
    const now = new Date('2026-11-27T21:58:30.250Z'); // 23:58:30.250 in Bucharest (UTC+2 in November)
    expect(msUntilMidnight(now, 'Europe/Bucharest')).toBe(89_750);
    expect(msUntilMidnight(now, 'UTC')).toBe(2 * 60 * 60_000 + 89_750);
  });

  it('has a file wait until 5 s after a midnight due within the margin, and not otherwise', () => {
    expect(waitForMidnight(new Date('2026-11-27T21:58:30.250Z'))).toBe(89_750 + 5_000);
    expect(waitForMidnight(new Date('2026-11-27T23:59:00.000Z'))).toBe(65_000);
    expect(waitForMidnight(new Date('2026-11-27T12:00:00.000Z'))).toBe(0);
    const justOutside = new Date(Date.parse('2026-11-28T00:00:00.000Z') - midnightMarginMs - 1);
    expect(waitForMidnight(justOutside, ['UTC'])).toBe(0);
  });
});
