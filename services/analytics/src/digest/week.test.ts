// Which week a digest covers and when it is due, in the operator's time zone (pure: no server).
import { describe, expect, it } from 'vitest';
import { addDays, dueDigestWeek, lastCompletedWeek, weekBefore } from './week';

describe('the digest week', () => {
  it('is the Monday–Sunday before the local date, whatever the weekday', () => {
    // Sunday 2026-11-29 23:30 in Bucharest is still that Sunday (21:30 UTC).
    expect(lastCompletedWeek(new Date('2026-11-29T21:30:00Z'), 'Europe/Bucharest')).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    // 22:30 UTC on that Sunday is already Monday 00:30 in Bucharest.
    expect(lastCompletedWeek(new Date('2026-11-29T22:30:00Z'), 'Europe/Bucharest')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
  });

  it('is due on Monday from the send hour, local time, until the day ends', () => {
    const due = (iso: string, tz = 'Europe/Bucharest') => dueDigestWeek(new Date(iso), tz, 8);
    expect(due('2026-11-23T05:59:59Z')).toBeNull(); // 07:59:59 in Bucharest
    expect(due('2026-11-23T06:00:00Z')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(due('2026-11-23T21:59:59Z')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(due('2026-11-23T22:00:00Z')).toBeNull(); // Tuesday 00:00 there
    // 06:00 UTC is 01:00 in New York: not yet morning there.
    expect(due('2026-11-23T06:00:00Z', 'America/New_York')).toBeNull();
    expect(due('2026-11-23T13:00:00Z', 'America/New_York')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('crosses months, years and the change to summer time by calendar days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    // Monday 2026-03-30 08:00 EEST (05:00 UTC), the day after clocks moved forward.
    expect(dueDigestWeek(new Date('2026-03-30T05:00:00Z'), 'Europe/Bucharest', 8)).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
    });
    expect(weekBefore({ from: '2027-01-04', to: '2027-01-10' })).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });
});
