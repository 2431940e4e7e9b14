import { describe, expect, it } from 'vitest';
import { dayInWords } from '../texts/format';
import { legalTexts } from '../texts/pages';
import { isPolicySlug } from './policies';

describe('policy pages', () => {
  it('knows the five policies by slug, with the names the failure message uses', () => {
    const { terms, privacy, advertising, cookies, disclaimer } = legalTexts.get();
    expect({ terms, privacy, advertising, cookies, disclaimer }).toEqual({
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

  it('shows the last-updated date in words in each language, on the day the server meant', () => {
    expect(dayInWords('2026-11-21T00:00:00.000Z', 'en-US')).toBe('November 21, 2026');
    expect(dayInWords('2026-11-21T00:00:00.000Z', 'ro-RO')).toBe('21 noiembrie 2026');
    expect(dayInWords('soon', 'en-US')).toBe('soon');
  });
});
