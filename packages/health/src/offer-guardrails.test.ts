import { describe, expect, it } from 'vitest';
import { nutritionPlan } from './nutrition';
import { offersWithheld } from './offer-guardrails';

describe('offers withheld', () => {
  it.each([
    { bmi: 17.4, pregnant: false, expected: 'support_note' },
    { bmi: 12, pregnant: true, expected: 'support_note' },
    { bmi: 17.5, pregnant: false, expected: null },
    { bmi: 17.5, pregnant: true, expected: 'pregnancy' },
    { bmi: 31, pregnant: true, expected: 'pregnancy' },
    { bmi: 22, pregnant: false, expected: null },
  ])('BMI $bmi, pregnant $pregnant → $expected', ({ bmi, pregnant, expected }) => {
    expect(offersWithheld({ bmi, pregnant })).toBe(expected);
  });

  it('an underweight result never gets a calorie deficit: the plan follows the category, not the goal', () => {
    // 2000 kcal/day need: underweight is 115 % (2300), never the 80 % deficit of overweight.
    expect(nutritionPlan(2000, 'Underweight').calories).toBe(2300);
  });
});
