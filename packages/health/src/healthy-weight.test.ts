import { describe, expect, it } from 'vitest';
import { bmiBandsFor, classifyBmiIn, NICE_LOWER_THRESHOLD_BANDS, WHO_BMI_BANDS } from './bmi-bands';
import { calculateHealthMetrics } from './calculate';
import type { HealthFormValues } from './form-schema';
import {
  bmiPrime,
  formatHealthyWeightDistance,
  formatHealthyWeightRange,
  healthyWeightForHeight,
} from './healthy-weight';

const form = (
  measurementSystem: 'metric' | 'imperial',
  weight: number,
  height: number,
): HealthFormValues => ({
  age: 40,
  gender: 'female',
  activityLevel: 'sedentary',
  measurementSystem,
  weight,
  height,
});
const healthyFor = (...args: Parameters<typeof form>) =>
  healthyWeightForHeight(calculateHealthMetrics(form(...args)));

describe('healthy weight for the height (WHO 18.5–24.9)', () => {
  // 170 cm: 1.7² = 2.89; 18.5 × 2.89 = 53.465 → 53.5 kg; 24.9 × 2.89 = 71.961 → 72.0 kg.
  it('metric, within: 70 kg is BMI 24.2, BMI Prime 0.97', () => {
    expect(healthyFor('metric', 70, 170)).toEqual({
      min: 53.5,
      max: 72,
      unit: 'kg',
      position: 'within',
      distance: 0,
      bmiPrime: 0.97,
      source: 'WHO adult BMI bands',
    });
  });

  it('metric, above: 80 kg is BMI 27.7, 8.0 kg over 72.0, BMI Prime 1.11', () => {
    expect(healthyFor('metric', 80, 170)).toMatchObject({ position: 'above', distance: 8, bmiPrime: 1.11 });
  });

  it('metric, below: 50 kg is BMI 17.3, 3.5 kg under 53.5, BMI Prime 0.69', () => {
    expect(healthyFor('metric', 50, 170)).toMatchObject({ position: 'below', distance: 3.5, bmiPrime: 0.69 });
  });

  it('metric: BMI 24.9 is within, though 72.1 kg is a little over 24.9 × height²', () => {
    // 72.1 / 2.89 = 24.948 → shown 24.9, the top of the band.
    expect(healthyFor('metric', 72.1, 170)).toMatchObject({ position: 'within', distance: 0 });
  });

  // 70 in = 1.778 m: 1.778² = 3.161284; 18.5 × 3.161284 = 58.4838 kg × 2.20462 = 128.93 → 129 lb;
  // 24.9 × 3.161284 = 78.7160 kg × 2.20462 = 173.54 → 174 lb.
  it('imperial, within: 150 lb at 5 ft 10 in is BMI 21.5, BMI Prime 0.86', () => {
    expect(healthyFor('imperial', 150, 70)).toEqual({
      min: 129,
      max: 174,
      unit: 'lb',
      position: 'within',
      distance: 0,
      bmiPrime: 0.86,
      source: 'WHO adult BMI bands',
    });
  });

  it('imperial, above: 200 lb is BMI 28.7, 26 lb over 174, BMI Prime 1.15', () => {
    expect(healthyFor('imperial', 200, 70)).toMatchObject({
      position: 'above',
      distance: 26,
      bmiPrime: 1.15,
    });
  });

  it('imperial, below: 120 lb is BMI 17.2, 9 lb under 129', () => {
    expect(healthyFor('imperial', 120, 70)).toMatchObject({ position: 'below', distance: 9, bmiPrime: 0.69 });
  });

  it('formats the range and the distance in the unit', () => {
    expect(formatHealthyWeightRange(healthyFor('metric', 80, 170))).toBe('53.5–72.0 kg');
    expect(formatHealthyWeightDistance(healthyFor('metric', 80, 170))).toBe('8.0 kg above it');
    expect(formatHealthyWeightRange(healthyFor('imperial', 120, 70))).toBe('129–174 lb');
    expect(formatHealthyWeightDistance(healthyFor('imperial', 120, 70))).toBe('9 lb below it');
    expect(formatHealthyWeightDistance(healthyFor('imperial', 150, 70))).toBe('within it');
  });

  it('BMI Prime is BMI ÷ 25 to two decimals', () => {
    expect(bmiPrime(25)).toBe(1);
    expect(bmiPrime(18.5)).toBe(0.74);
    expect(bmiPrime(31.3)).toBe(1.25);
  });
});

describe('BMI bands by ethnic background (NICE CG189, 2022)', () => {
  it.each(['south_asian', 'chinese', 'other_asian', 'middle_eastern', 'black_african', 'african_caribbean'])(
    '%s: overweight from 23, obesity from 27.5',
    (background) => {
      const bands = bmiBandsFor(background);
      expect(bands).toBe(NICE_LOWER_THRESHOLD_BANDS);
      expect(classifyBmiIn(18.4, bands)).toBe('Underweight');
      expect(classifyBmiIn(22.9, bands)).toBe('Normal');
      expect(classifyBmiIn(23, bands)).toBe('Overweight');
      expect(classifyBmiIn(27.4, bands)).toBe('Overweight');
      expect(classifyBmiIn(27.5, bands)).toBe('Obese');
    },
  );

  it.each([undefined, '', 'white', 'mixed', 'other', 'unknown'])('%s: the WHO bands', (background) => {
    const bands = bmiBandsFor(background);
    expect(bands).toBe(WHO_BMI_BANDS);
    expect(classifyBmiIn(24.9, bands)).toBe('Normal');
    expect(classifyBmiIn(25, bands)).toBe('Overweight');
    expect(classifyBmiIn(30, bands)).toBe('Obese');
  });

  it('the healthy range follows the bands: 170 cm, 70 kg is 3.8 kg above 18.5–22.9 (66.2 kg)', () => {
    const result = calculateHealthMetrics(form('metric', 70, 170));
    // 22.9 × 2.89 = 66.181 → 66.2 kg; 70 − 66.2 = 3.8.
    expect(healthyWeightForHeight(result, bmiBandsFor('south_asian'))).toMatchObject({
      min: 53.5,
      max: 66.2,
      position: 'above',
      distance: 3.8,
      source: 'NICE obesity guideline (CG189, 2022 update)',
    });
  });
});
