import { describe, expect, it } from 'vitest';
import {
  bmiColorBand,
  bmiGaugePosition,
  bmiIndicator,
  bodyFatIndicator,
  metabolicAgeRating,
  whrIndicator,
} from './indicators';

describe('bridge colour band', () => {
  it.each([
    { bmi: 12, label: 'Underweight', tone: 'blue' },
    { bmi: 18.4, label: 'Underweight', tone: 'blue' },
    { bmi: 18.5, label: 'Normal Weight', tone: 'green' },
    { bmi: 24.9, label: 'Normal Weight', tone: 'green' },
    // 24.94 shows as 24.9, 24.96 as 25.0: the band follows the number the visitor sees.
    { bmi: 24.94, label: 'Normal Weight', tone: 'green' },
    { bmi: 24.96, label: 'Overweight', tone: 'orange' },
    { bmi: 25, label: 'Overweight', tone: 'orange' },
    { bmi: 29.9, label: 'Overweight', tone: 'orange' },
    { bmi: 30, label: 'Obese', tone: 'red' },
    { bmi: 45.2, label: 'Obese', tone: 'red' },
  ])('BMI $bmi → $label ($tone)', ({ bmi, label, tone }) => {
    expect(bmiColorBand(bmi)).toEqual({ label, tone });
  });
});

describe('BMI gauge position', () => {
  it.each([
    { bmi: 0, position: 0 },
    { bmi: 10, position: 0 },
    { bmi: 14.25, position: 12.5 },
    { bmi: 18.5, position: 25 },
    { bmi: 21.75, position: 37.5 },
    { bmi: 25, position: 50 },
    { bmi: 27.5, position: 62.5 },
    { bmi: 30, position: 75 },
    { bmi: 35, position: 87.5 },
    { bmi: 40, position: 100 },
    { bmi: 60, position: 100 },
    { bmi: Number.POSITIVE_INFINITY, position: 100 },
    { bmi: Number.NEGATIVE_INFINITY, position: 0 },
    { bmi: Number.NaN, position: 0 },
  ])('BMI $bmi → $position', ({ bmi, position }) => {
    expect(bmiGaugePosition(bmi)).toBeCloseTo(position, 10);
  });
});

describe('BMI card indicator', () => {
  it.each([
    { category: 'Underweight', label: 'Low', tone: 'blue' },
    { category: 'underweight', label: 'Low', tone: 'blue' },
    { category: 'Normal', label: 'Normal', tone: 'green' },
    { category: 'Normal Weight', label: 'Normal', tone: 'green' },
    { category: 'Overweight', label: 'High', tone: 'orange' },
    { category: 'OVERWEIGHT', label: 'High', tone: 'orange' },
    { category: 'Obese', label: 'Elevated', tone: 'red' },
    { category: 'obese class II', label: 'Elevated', tone: 'red' },
    { category: '', label: 'Normal', tone: 'green' },
  ])('$category → $label', ({ category, label, tone }) => {
    expect(bmiIndicator(category)).toEqual({ label, tone });
  });
});

describe('body-fat indicator', () => {
  it.each([
    { gender: 'male', pct: 9.9, label: 'Low', tone: 'blue' },
    { gender: 'male', pct: 10, label: 'Normal', tone: 'green' },
    { gender: 'male', pct: 20, label: 'Normal', tone: 'green' },
    { gender: 'male', pct: 20.1, label: 'High', tone: 'orange' },
    { gender: 'male', pct: 25, label: 'High', tone: 'orange' },
    { gender: 'male', pct: 25.1, label: 'Very High', tone: 'red' },
    { gender: 'female', pct: 15.9, label: 'Low', tone: 'blue' },
    { gender: 'female', pct: 16, label: 'Normal', tone: 'green' },
    { gender: 'female', pct: 25, label: 'Normal', tone: 'green' },
    { gender: 'female', pct: 25.1, label: 'High', tone: 'orange' },
    { gender: 'female', pct: 32, label: 'High', tone: 'orange' },
    { gender: 'female', pct: 32.1, label: 'Very High', tone: 'red' },
    // Every other gender: midpoints 13 / 22.5 / 28.5.
    { gender: 'non_binary', pct: 12.9, label: 'Low', tone: 'blue' },
    { gender: 'other', pct: 13, label: 'Normal', tone: 'green' },
    { gender: 'prefer_not_to_say', pct: 22.5, label: 'Normal', tone: 'green' },
    { gender: 'prefer_not_to_say', pct: 22.6, label: 'High', tone: 'orange' },
    { gender: 'non_binary', pct: 28.5, label: 'High', tone: 'orange' },
    { gender: 'other', pct: 28.6, label: 'Very High', tone: 'red' },
  ])('$gender $pct% → $label ($tone)', ({ gender, pct, label, tone }) => {
    expect(bodyFatIndicator(pct, gender)).toEqual({ label, tone });
  });
});

describe('waist-hip ratio indicator', () => {
  it.each([
    { gender: 'male', whr: 0.95, label: 'Healthy', tone: 'green' },
    { gender: 'male', whr: 0.96, label: 'High risk', tone: 'red' },
    { gender: 'female', whr: 0.85, label: 'Healthy', tone: 'green' },
    { gender: 'female', whr: 0.86, label: 'High risk', tone: 'red' },
    { gender: 'non_binary', whr: 0.9, label: 'High risk', tone: 'red' },
    { gender: 'prefer_not_to_say', whr: 0.85, label: 'Healthy', tone: 'green' },
  ])('$gender $whr → $label', ({ gender, whr, label, tone }) => {
    expect(whrIndicator(whr, gender)).toEqual({ label, tone });
  });
});

describe('metabolic-age rating', () => {
  it.each([
    { metabolicAge: 25, age: 40, label: 'Excellent' },
    { metabolicAge: 35, age: 40, label: 'Excellent' },
    { metabolicAge: 36, age: 40, label: 'Good' },
    { metabolicAge: 40, age: 40, label: 'Good' },
    { metabolicAge: 41, age: 40, label: 'Fair' },
    { metabolicAge: 45, age: 40, label: 'Fair' },
    { metabolicAge: 46, age: 40, label: 'Poor' },
  ])('metabolic age $metabolicAge at age $age → $label', ({ metabolicAge, age, label }) => {
    expect(metabolicAgeRating(metabolicAge, age).label).toBe(label);
  });
});
