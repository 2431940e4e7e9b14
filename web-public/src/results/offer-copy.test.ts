import { describe, expect, it } from 'vitest';
import { OFFER_SECTION_COPY } from './offer-copy';

describe('results page offer wording', () => {
  it('has its own copy for every goal', () => {
    const titles = Object.values(OFFER_SECTION_COPY).map((copy) => copy.title);
    expect(Object.keys(OFFER_SECTION_COPY).sort()).toEqual(['muscle_gain', 'weight_loss', 'wellness']);
    expect(new Set(titles).size).toBe(3);
  });
});
