// The share card refuses BMIs outside PLAUSIBLE_BMI (packages/contracts); those bounds must be exactly
// what the form's weight and height limits let the engine produce, no narrower (a real visitor's card is
// never refused) and no wider than the one-decimal rounding needs.
import { describe, expect, it } from 'vitest';
import { PLAUSIBLE_BMI } from '@bodymetrics/contracts';
import { calculateHealthMetrics } from './calculate';
import { IMPERIAL_HEIGHT_IN, IMPERIAL_WEIGHT_LB, METRIC_HEIGHT_CM, METRIC_WEIGHT_KG } from './constants';

const bmiOf = (measurementSystem: 'metric' | 'imperial', weight: number, height: number) =>
  calculateHealthMetrics({
    age: 30,
    gender: 'female',
    activityLevel: 'sedentary',
    measurementSystem,
    weight,
    height,
  }).bmi;

describe('PLAUSIBLE_BMI', () => {
  const extremes = [
    bmiOf('metric', METRIC_WEIGHT_KG.min, METRIC_HEIGHT_CM.max),
    bmiOf('metric', METRIC_WEIGHT_KG.max, METRIC_HEIGHT_CM.min),
    bmiOf('imperial', IMPERIAL_WEIGHT_LB.min, IMPERIAL_HEIGHT_IN.max),
    bmiOf('imperial', IMPERIAL_WEIGHT_LB.max, IMPERIAL_HEIGHT_IN.min),
  ];

  it('holds every BMI the form limits allow', () => {
    for (const bmi of extremes) {
      expect(bmi).toBeGreaterThanOrEqual(PLAUSIBLE_BMI.min);
      expect(bmi).toBeLessThanOrEqual(PLAUSIBLE_BMI.max);
    }
  });

  it('is no wider than the extremes (lowest 50 lb at 98 in, highest 800 lb at 39 in)', () => {
    expect(Math.min(...extremes) - PLAUSIBLE_BMI.min).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(PLAUSIBLE_BMI.max - Math.max(...extremes)).toBeLessThanOrEqual(0.1 + 1e-9);
  });
});
