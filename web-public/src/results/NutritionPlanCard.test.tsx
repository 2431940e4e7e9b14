// @vitest-environment jsdom
// The Smart Nutrition Plan as the visitor reads it: calories in whole kcal (spec §9: the target is rounded),
// protein and carbs to one decimal (spec §9: displayed values use one decimal).
import { calculateHealthMetrics } from '@bodymetrics/health';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NutritionPlanCard } from './NutritionPlanCard';

afterEach(() => cleanup());

/** Each figure of the plan, term → shown value. */
function figures(): Record<string, string> {
  const plan = screen.getByTestId('nutrition-plan');
  return Object.fromEntries(
    within(plan)
      .getAllByRole('term')
      .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
  );
}

describe('the nutrition plan card', () => {
  it('shows the grams to one decimal beside whole calories (overweight, a 20% deficit)', () => {
    // 30 y male, 70 in, 180 lb, sedentary: TDEE 2,139 kcal; 80% → 1,711 kcal;
    // protein 1711 × 35% / 4 = 149.7125 → 149.7 g; carbs 1711 × 40% / 4 = 171.1 g.
    const result = calculateHealthMetrics({
      age: 30,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 180,
      height: 70,
    });
    render(<NutritionPlanCard result={result} />);
    expect(figures()).toEqual({
      'Daily Calories': '1,711 kcal',
      Protein: '149.7 g',
      Carbs: '171.1 g',
    });
  });

  it('keeps the decimal when the grams are whole (normal weight, 1,920 kcal)', () => {
    // 25 y female, 170 cm, 62 kg: BMR 620 + 1062.5 − 125 − 161 = 1396.5; × 1.375 = 1920.2 → 1,920 kcal;
    // protein 1920 × 30% / 4 = 144 → 144.0 g; carbs 1920 × 45% / 4 = 216 → 216.0 g.
    const result = calculateHealthMetrics({
      age: 25,
      gender: 'female',
      activityLevel: 'lightly_active',
      measurementSystem: 'metric',
      weight: 62,
      height: 170,
    });
    render(<NutritionPlanCard result={result} />);
    expect(figures()).toEqual({
      'Daily Calories': '1,920 kcal',
      Protein: '144.0 g',
      Carbs: '216.0 g',
    });
  });
});
