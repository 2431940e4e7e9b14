import { describe, expect, it } from 'vitest';
import { deviceTypeForWidth, locationFromTimeZone } from './device';

describe('device type by window width (spec §9)', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [2560, 'desktop'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(deviceTypeForWidth(width)).toBe(expected);
  });
});

describe('location from the time zone (spec §3 activity record)', () => {
  it.each([
    ['Europe/Bucharest', 'Bucharest'],
    ['America/New_York', 'New York'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['America/Port_of_Spain', 'Port of Spain'],
    ['UTC', 'UTC'],
    ['', 'Unknown'],
    [undefined, 'Unknown'],
  ])('%s → %s', (timeZone, expected) => {
    expect(locationFromTimeZone(timeZone)).toBe(expected);
  });
});
