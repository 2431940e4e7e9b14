import { describe, expect, it } from 'vitest';
import { classifyTrafficSource } from './traffic';

describe('classifyTrafficSource (spec §9)', () => {
  it.each([
    ['https://www.google.com/', 'google', 'organic'],
    ['https://www.google.co.uk/search?q=bmi', 'google', 'organic'],
    ['https://www.bing.com/', 'bing', 'organic'],
    ['https://search.yahoo.com/', 'yahoo', 'organic'],
    ['https://duckduckgo.com/', 'duckduckgo', 'organic'],
    ['https://m.facebook.com/', 'facebook', 'social'],
    ['https://t.co/abc', 'twitter', 'social'],
    ['https://www.linkedin.com/feed', 'linkedin', 'social'],
    ['https://www.instagram.com/', 'instagram', 'social'],
    ['https://www.tiktok.com/', 'tiktok', 'social'],
    ['https://pinterest.com/pin/1', 'pinterest', 'social'],
    ['https://www.healthblog.example/post', 'healthblog.example', 'referral'],
    ['', 'direct', 'none'],
    [null, 'direct', 'none'],
  ])('referrer %s → %s / %s', (referrer, source, medium) => {
    expect(classifyTrafficSource({ referrer, pageUrl: 'https://bodymetrics.example/' })).toMatchObject({
      source,
      medium,
    });
  });

  it('keeps UTM campaign and term, and UTM source wins over the referrer', () => {
    expect(
      classifyTrafficSource({
        referrer: 'https://www.google.com/',
        pageUrl:
          'https://bodymetrics.example/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring&utm_term=bmi',
      }),
    ).toEqual({
      source: 'newsletter',
      medium: 'email',
      referrerDomain: 'www.google.com',
      campaign: 'spring',
      keyword: 'bmi',
    });
  });

  it('treats a referrer from our own site as direct', () => {
    expect(
      classifyTrafficSource({
        referrer: 'https://bodymetrics.example/legal/terms',
        pageUrl: 'https://bodymetrics.example/',
      }).source,
    ).toBe('direct');
  });
});
