import { describe, expect, it } from 'vitest';
import { trackingAllowedBy } from './privacy';

describe('the do-not-track guard', () => {
  it('allows tracking when the browser sends no privacy signal', () => {
    expect(trackingAllowedBy({})).toBe(true);
    expect(trackingAllowedBy(undefined)).toBe(true);
    expect(trackingAllowedBy({ globalPrivacyControl: false, doNotTrack: '0' })).toBe(true);
    expect(trackingAllowedBy({ doNotTrack: 'unspecified' })).toBe(true);
    expect(trackingAllowedBy({ doNotTrack: null })).toBe(true);
  });

  it('stops all tracking under Global Privacy Control', () => {
    expect(trackingAllowedBy({ globalPrivacyControl: true })).toBe(false);
    expect(trackingAllowedBy({ globalPrivacyControl: true, doNotTrack: '0' })).toBe(false);
  });

  it('stops all tracking under Do Not Track', () => {
    expect(trackingAllowedBy({ doNotTrack: '1' })).toBe(false);
  });
});
