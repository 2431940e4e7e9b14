import { describe, expect, it } from 'vitest';
import { offerLink, offerLinkWithClickId } from './offers';

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

describe('offer links for one click', () => {
  const clickId = '5b0c2f7e-8d1a-4e3b-9c6d-2a7f1e0b3c4d';

  it('put the click id in place of {clickId}, in the link the page opens', () => {
    expect(
      offerLinkWithClickId(
        { url: 'https://n.example/c/{clickId}?sub1={clickId}', affiliateUrl: null },
        clickId,
      ),
    ).toBe(`https://n.example/c/${clickId}?sub1=${clickId}`);
    expect(
      offerLinkWithClickId(
        { url: 'https://a.example/x', affiliateUrl: 'https://n.example/?s={clickId}' },
        clickId,
      ),
    ).toBe(`https://n.example/?s=${clickId}`);
  });

  it('open a link without the placeholder unchanged, and a mailed link with it empty', () => {
    expect(offerLinkWithClickId({ url: 'https://a.example/x?ref=bm' }, clickId)).toBe(
      'https://a.example/x?ref=bm',
    );
    expect(offerLinkWithClickId({ url: 'https://n.example/?s={clickId}' }, '')).toBe('https://n.example/?s=');
  });
});
