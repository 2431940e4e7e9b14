import { describe, expect, it } from 'vitest';
import { offerCta, OFFER_SECTION_COPY } from './offer-copy';

describe('results page offer wording', () => {
  it('cycles the three call-to-action labels card by card, each with a disclaimer', () => {
    expect([0, 1, 2, 3, 4].map((i) => offerCta(i).label)).toEqual([
      'See Product Details',
      'Learn More About the Formula',
      'Explore Ingredients',
      'See Product Details',
      'Learn More About the Formula',
    ]);
    for (const i of [0, 1, 2]) expect(offerCta(i).disclaimer.length).toBeGreaterThan(0);
  });

  it('has its own copy for every goal', () => {
    const titles = Object.values(OFFER_SECTION_COPY).map((copy) => copy.title);
    expect(Object.keys(OFFER_SECTION_COPY).sort()).toEqual(['muscle_gain', 'weight_loss', 'wellness']);
    expect(new Set(titles).size).toBe(3);
  });
});
