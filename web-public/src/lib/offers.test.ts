import { describe, expect, it } from 'vitest';
import { offerLink } from './offers';

describe('offer links', () => {
  it('prefers the affiliate link and falls back to the url', () => {
    expect(offerLink({ url: 'https://a.example/x', affiliateUrl: 'https://b.example/y' })).toBe(
      'https://b.example/y',
    );
    expect(offerLink({ url: 'https://a.example/x', affiliateUrl: null })).toBe('https://a.example/x');
  });

  it('never renders a script or relative link', () => {
    expect(offerLink({ url: 'javascript:alert(1)' })).toBeNull();
    expect(offerLink({ url: 'data:text/html,hi' })).toBeNull();
    expect(offerLink({ url: '/relative' })).toBeNull();
  });
});
