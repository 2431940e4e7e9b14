// The shipped content itself: every BMI category × goal has enough offers, links are real affiliate links
// to fictional partners, and every policy page of spec §2 exists with a title and text.
import { describe, expect, it } from 'vitest';
import { seedAffiliateOffers } from './affiliate-offers';
import { seedLegalPages } from './legal';

const categories = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
const goals = ['weight_loss', 'muscle_gain', 'wellness'] as const;

describe('seeded affiliate offers', () => {
  it.each(categories.flatMap((c) => goals.map((g) => [c, g] as const)))(
    '%s × %s has at least three offers',
    (category, goal) => {
      const matching = seedAffiliateOffers.filter((o) => o.bmiCategory === category && o.goal === goal);
      expect(matching.length).toBeGreaterThanOrEqual(3);
    },
  );

  it('gives every offer its own affiliate link (the key seeding matches on)', () => {
    const urls = seedAffiliateOffers.map((o) => o.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it.each(seedAffiliateOffers.map((o) => [o.title, o] as const))(
    '%s links over https to a fictional partner with our ref',
    (_title, offer) => {
      const url = new URL(offer.url);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).toMatch(/(^|\.)example\.(com|net|org)$/);
      expect(url.searchParams.get('ref')).toBe('bodymetrics');
    },
  );

  it('describes each offer in one or two sentences', () => {
    for (const offer of seedAffiliateOffers) {
      const sentences = offer.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, offer.title).toBeGreaterThanOrEqual(1);
      expect(sentences.length, offer.title).toBeLessThanOrEqual(2);
      expect(offer.title.length, offer.title).toBeLessThanOrEqual(80);
    }
  });
});

describe('seeded legal pages', () => {
  it('has the five policy pages the footer links to', () => {
    expect(seedLegalPages.map((p) => [p.slug, p.title])).toEqual([
      ['terms', 'Terms of Service'],
      ['privacy', 'Privacy Policy'],
      ['advertising', 'Advertising & Sponsorship Disclosure'],
      ['cookies', 'Cookie Policy'],
      ['disclaimer', 'Medical Disclaimer'],
    ]);
  });

  it('tells visitors in the privacy policy what is recorded and for how long', () => {
    const privacy = seedLegalPages.find((p) => p.slug === 'privacy')!.content;
    for (const fact of [
      'visitor ID',
      'user agent',
      'screen resolution',
      'time zone',
      '/24',
      '/48',
      'Session duration',
      'Journey steps',
      'Affiliate clicks',
      'Form snapshots',
      'Live presence',
      'Newsletter',
      'unsubscribe',
      'confirmation link',
      'Contact messages',
      '395 days',
      'runs in your browser',
    ]) {
      expect(privacy, fact).toContain(fact);
    }
  });

  it('discloses commissions and the Sponsored labels', () => {
    const advertising = seedLegalPages.find((p) => p.slug === 'advertising')!.content;
    expect(advertising).toContain('commission');
    expect(advertising).toContain('“Sponsored”');
  });

  it('uses dates a visitor can read as "Last updated"', () => {
    for (const page of seedLegalPages) expect(page.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
