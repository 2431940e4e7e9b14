// @vitest-environment jsdom
// The bridge's offers (spec §2 "Bridge page"): each has a "Learn More" button, whatever button label the
// offer carries for its results card; the results page's cards keep those labels. The offers are in the
// page's query cache, as the form's submit leaves them (prefetchOffers), so no server is asked; the visitor
// sends Global Privacy Control, so the tracker sends nothing either.
import type { AffiliateOffer } from '@bodymetrics/contracts';
import { calculateHealthMetrics } from '@bodymetrics/health';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OFFERS_PATH } from '../lib/offers';
import { queryClient } from '../lib/query-client';
import { OfferCards } from '../results/OfferCards';
import BridgeOverlay from './BridgeOverlay';

const offer = (id: number, title: string, ctaLabel: string): AffiliateOffer => ({
  id,
  title,
  description: `${title}, described.`,
  url: `https://partner.example/${id}?ref=bodymetrics`,
  affiliateUrl: `https://partner.example/${id}?ref=bodymetrics`,
  imageUrl: null,
  bmiCategory: 'Overweight',
  goal: 'weight_loss',
  clicks: 0,
  active: true,
  ctaLabel,
  disclaimer: '',
  evidenceBased: true,
  // A manual segment: the operator's order.
  share: null,
});
const offers = [
  offer(1, 'Meal Plan', 'See Product Details'),
  offer(2, 'Green Tea', 'Learn More About the Formula'),
  offer(3, 'Fibre Blend', 'Explore Ingredients'),
];

// 30 y male, 70 in, 180 lb, sedentary: BMI 25.8, Overweight (default goal weight_loss).
const result = calculateHealthMetrics({
  age: 30,
  gender: 'male',
  activityLevel: 'sedentary',
  measurementSystem: 'imperial',
  weight: 180,
  height: 70,
});

beforeAll(() => {
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
  // jsdom has <dialog> without its modal behaviour; the bridge only needs it open.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
  queryClient.setQueryData([OFFERS_PATH], offers);
});
afterEach(() => cleanup());
afterAll(() => queryClient.clear());

describe('the offers on the bridge', () => {
  it('each have a "Learn More" button, described by the offer\'s title', async () => {
    render(<BridgeOverlay result={result} onContinue={() => undefined} />);
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Meal Plan',
      'Green Tea',
      'Fibre Blend',
    ]);
    for (const [index, card] of cards.entries()) {
      const link = within(card).getByRole('link');
      expect(link.textContent).toBe('Learn More');
      expect(link.getAttribute('target')).toBe('_blank');
      const describedBy = link.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toBe(offers[index]!.title);
    }
  });

  it('leave the results cards their own labels', () => {
    render(<OfferCards offers={offers} goal="weight_loss" />);
    expect(
      screen.getAllByTestId('offer-card').map((card) => within(card).getByRole('link').textContent),
    ).toEqual(['See Product Details', 'Learn More About the Formula', 'Explore Ingredients']);
  });
});
