import type { AffiliateStatsRow } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { breakdownByCategoryAndGoal } from './affiliate-breakdown';

const row = (
  offerId: number,
  bmiCategory: AffiliateStatsRow['bmiCategory'],
  goal: AffiliateStatsRow['goal'],
  impressions: number,
  clickCount: number,
  uniqueClicks: number,
  suspiciousClicks = 0,
): AffiliateStatsRow => ({
  offerId,
  offerTitle: `Offer ${offerId}`,
  offerUrl: 'https://offers.example/',
  clickCount,
  uniqueClicks,
  lastClicked: null,
  bmiCategory,
  goal,
  impressions,
  ctr: null,
  bridgeImpressions: impressions,
  bridgeClicks: clickCount,
  bridgeCtr: null,
  resultsImpressions: 0,
  resultsClicks: 0,
  resultsCtr: null,
  suspiciousClicks,
  suspiciousShare: null,
  conversions: 0,
  conversionRate: 0,
  revenue: 0,
  epc: 0,
  suspiciousConversions: 0,
});

describe('breakdown by BMI category and goal', () => {
  it('sums the offers of a category and goal and takes the CTR of the sums', () => {
    expect(
      breakdownByCategoryAndGoal([
        row(1, 'Overweight', 'weight_loss', 40, 3, 2),
        row(2, 'Overweight', 'weight_loss', 10, 2, 2),
        row(3, 'Normal', 'wellness', 0, 1, 1),
        row(4, 'Obese', 'wellness', 8, 0, 0),
      ]),
    ).toEqual([
      // (3 + 2) / (40 + 10) = 10 % — not the mean of 7.5 % and 20 %.
      {
        bmiCategory: 'Overweight',
        goal: 'weight_loss',
        impressions: 50,
        clickCount: 5,
        uniqueClicks: 4,
        suspiciousClicks: 0,
        ctr: 10,
      },
      // Clicked but never shown in the period: no CTR.
      {
        bmiCategory: 'Normal',
        goal: 'wellness',
        impressions: 0,
        clickCount: 1,
        uniqueClicks: 1,
        suspiciousClicks: 0,
        ctr: null,
      },
      {
        bmiCategory: 'Obese',
        goal: 'wellness',
        impressions: 8,
        clickCount: 0,
        uniqueClicks: 0,
        suspiciousClicks: 0,
        ctr: 0,
      },
    ]);
  });

  it('leaves the suspicious clicks out of the CTR of the sums, and counts them', () => {
    const [overweight] = breakdownByCategoryAndGoal([
      row(1, 'Overweight', 'weight_loss', 40, 8, 2, 6),
      row(2, 'Overweight', 'weight_loss', 10, 2, 2, 1),
    ]);
    // Clicks that count: (8 − 6) + (2 − 1) = 3 of 10; 3 / 50 = 6 %.
    expect(overweight).toMatchObject({ clickCount: 10, suspiciousClicks: 7, ctr: 6 });
  });
});
