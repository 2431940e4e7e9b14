import { describe, expect, it } from 'vitest';
import { watchedTimeZones } from '@bodymetrics/testing/midnight';
import { defaultAnalyticsTimeZone } from './config';

describe('the default analytics time zone', () => {
  it("is one whose midnight the tests wait out (testing's midnight guard)", () => {
    expect(watchedTimeZones).toContain(defaultAnalyticsTimeZone);
  });
});
