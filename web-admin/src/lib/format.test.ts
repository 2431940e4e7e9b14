import { describe, expect, it } from 'vitest';
import {
  formatChangeSize,
  formatDateTime,
  formatDay,
  formatMinutesSeconds,
  formatShortDay,
  formatNumber,
  formatPercent,
  formatTimeOnSite,
  lastChars,
} from './format';

describe('average session time', () => {
  it.each([
    [0, '0m 0s'],
    [59, '0m 59s'],
    [60, '1m 0s'],
    [125, '2m 5s'],
    [125.6, '2m 6s'],
    [3599.6, '60m 0s'],
    [-5, '0m 0s'],
    [Number.NaN, '0m 0s'],
  ])('%d seconds reads "%s"', (seconds, expected) => {
    expect(formatMinutesSeconds(seconds)).toBe(expected);
  });
});

describe('time on site of a live visitor', () => {
  it('adds hours once a visit passes one', () => {
    expect(formatTimeOnSite(42)).toBe('0m 42s');
    expect(formatTimeOnSite(3725)).toBe('1h 2m 5s');
  });
});

describe('visitor ids', () => {
  it('show their last 8 characters', () => {
    expect(lastChars('visitor_1732190000000_a1b2c3d4e5')).toBe('b2c3d4e5');
    expect(lastChars('short')).toBe('short');
    expect(lastChars(null)).toBe('—');
  });
});

describe('dates and times in Romanian, in the operator zone', () => {
  it('shows a click time in Europe/Bucharest (summer and winter time)', () => {
    expect(formatDateTime('2026-07-01T10:00:00.000Z')).toBe('01.07.2026, 13:00:00');
    expect(formatDateTime('2026-01-15T10:00:00Z')).toBe('15.01.2026, 12:00:00');
  });

  it('keeps what is not a date and marks what is missing', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('—');
  });

  it('shows a calendar day without shifting it', () => {
    expect(formatDay('2026-11-21')).toBe('21.11.2026');
    expect(formatDay('2026-01-01')).toBe('01.01.2026');
  });

  it("writes a chart's day as day.month", () => {
    expect(formatShortDay('2026-11-21')).toBe('21.11');
    expect(formatShortDay('2026-03-05')).toBe('05.03');
  });
});

describe('numbers', () => {
  it('use Romanian separators', () => {
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(40)).toBe('40%');
  });
});

describe('formatChangeSize', () => {
  it('is the size of a change without its sign', () => {
    expect([12, -5, 0, 2.5].map((c) => formatChangeSize(c))).toEqual(['12%', '5%', '0%', '2,5%']);
    expect(formatChangeSize(-3, 'p.p.')).toBe('3 p.p.');
    expect(formatChangeSize(null)).toBe('—');
  });
});
