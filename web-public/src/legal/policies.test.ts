import { describe, expect, it } from 'vitest';
import { formatLastUpdated, isPolicySlug, POLICY_NAMES } from './policies';

describe('policy pages', () => {
  it('knows the five policies by slug, with the names the failure message uses', () => {
    expect(POLICY_NAMES).toEqual({
      terms: 'Terms of Service',
      privacy: 'Privacy Policy',
      advertising: 'Advertising & Sponsorship Disclosure',
      cookies: 'Cookie Policy',
      disclaimer: 'Medical Disclaimer',
    });
    expect(isPolicySlug('privacy')).toBe(true);
    expect(isPolicySlug('contact')).toBe(false);
    expect(isPolicySlug('toString')).toBe(false);
  });

  it('shows the last-updated date in words, on the day the server meant', () => {
    expect(formatLastUpdated('2026-11-21T00:00:00.000Z')).toBe('November 21, 2026');
    expect(formatLastUpdated('soon')).toBe('soon');
  });
});
