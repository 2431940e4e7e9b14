// @vitest-environment jsdom
// Offers withheld next to the health guidance: below BMI 17.5 the bridge and the results show the
// eating-disorder support note (the operator's text) in place of sponsored offers, and in pregnancy a note
// to follow a clinician's advice with no calorie target; either way the page reports no impression. A
// visitor with a BMI of 17.5 or more and not pregnant still sees the offers and reports them (the control).
// The offers and the note are in the page's query cache, so no server is asked.
import type { AffiliateOffer } from '@bodymetrics/contracts';
import { calculateHealthMetrics, type HealthResult } from '@bodymetrics/health';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { offersRoutes } from '@bodymetrics/contracts';
import BridgeOverlay from '../bridge/BridgeOverlay';
import { clearDeviceAnswers, setDeviceAnswers } from '../home/device-answers';
import { OFFERS_PATH } from '../lib/offers';
import { queryClient } from '../lib/query-client';
import type * as Tracker from '../tracking/tracker';
import ResultsPage from './ResultsPage';

const impressions = vi.hoisted(() => vi.fn());
vi.mock('../tracking/tracker', async (importOriginal) => ({
  ...(await importOriginal<typeof Tracker>()),
  trackOfferImpressions: impressions,
}));

const offer = (id: number, bmiCategory: string, goal: string): AffiliateOffer => ({
  id,
  title: `Offer ${id}`,
  description: 'Described.',
  url: `https://partner.example/${id}`,
  affiliateUrl: `https://partner.example/${id}`,
  imageUrl: null,
  bmiCategory,
  goal,
  clicks: 0,
  active: true,
  ctaLabel: 'See Product Details',
  disclaimer: '',
  evidenceBased: true,
  share: null,
});
const operatorNote = 'Call the national eating-disorder line on 0800 000 000.';

// 30 y female, 170 cm, sedentary: 48 kg is BMI 16.6 (48 / 1.7² = 16.61); 55 kg is 19.0, normal.
const metric = (weight: number): HealthResult =>
  calculateHealthMetrics({
    age: 30,
    gender: 'female',
    activityLevel: 'sedentary',
    measurementSystem: 'metric',
    weight,
    height: 170,
  });

beforeAll(() => {
  // Global Privacy Control: the tracker sends nothing; the impressions are watched where the page calls them.
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
  window.scrollTo = () => undefined;
  queryClient.setQueryData(
    [OFFERS_PATH],
    [
      offer(1, 'Underweight', 'muscle_gain'),
      // Stored before the admin refused the pairing: never shown.
      offer(2, 'Underweight', 'weight_loss'),
      offer(3, 'Normal', 'wellness'),
    ],
  );
  queryClient.setQueryData([offersRoutes.supportNote.path], { text: operatorNote });
});
beforeEach(() => {
  impressions.mockClear();
  clearDeviceAnswers();
});
afterEach(() => cleanup());
afterAll(() => queryClient.clear());

/** Lets the page's effects and the tracker's dynamic import settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('below BMI 17.5', () => {
  it('the bridge shows the support note in place of offers and reports no impression', async () => {
    const result = metric(48);
    expect(result.bmi).toBe(16.6);
    render(<BridgeOverlay result={result} onContinue={() => undefined} />);
    expect((await screen.findByTestId('withheld-support_note')).textContent).toContain(operatorNote);
    expect(screen.queryAllByTestId('offer-card')).toEqual([]);
    expect(screen.queryByText('Sponsored')).toBeNull();
    await settled();
    expect(impressions).not.toHaveBeenCalled();
  });

  it('so do the results', async () => {
    render(<ResultsPage calculation={{ values: metric(48), result: metric(48) }} />);
    expect((await screen.findByTestId('withheld-support_note')).textContent).toContain(operatorNote);
    expect(screen.queryByText('Offer 1')).toBeNull();
    await settled();
    expect(impressions).not.toHaveBeenCalled();
  });
});

describe('in pregnancy', () => {
  it('the results show no offers and no calorie target, only the advice to follow a clinician', async () => {
    setDeviceAnswers({ pregnant: true });
    const result = metric(55);
    render(<ResultsPage calculation={{ values: result, result }} />);
    expect((await screen.findByTestId('withheld-pregnancy')).textContent).toMatch(/clinician/);
    const plan = screen.getByTestId('nutrition-plan');
    expect(plan.textContent).not.toMatch(/kcal/);
    expect(plan.textContent).toMatch(/No calorie target/);
    expect(screen.queryByText('Offer 1')).toBeNull();
    await settled();
    expect(impressions).not.toHaveBeenCalled();
  });
});

describe('otherwise (the control)', () => {
  it('the bridge shows the matching offers, never a weight-loss one for underweight, and reports them', async () => {
    // 50 kg at 170 cm: BMI 17.3 → withheld; 52 kg: 18.0, underweight but above 17.5.
    const result = metric(52);
    expect(result.bmiCategory).toBe('Underweight');
    render(<BridgeOverlay result={result} onContinue={() => undefined} />);
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Offer 1']);
    await waitFor(() => expect(impressions).toHaveBeenCalledWith('bridge', [1]));
  });
});
