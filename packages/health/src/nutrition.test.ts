import { describe, expect, it } from 'vitest';
import { formatGrams, nutritionPlan } from './nutrition';

describe('nutrition plan', () => {
  it.each([
    // Overweight / obese: 80% of TDEE, protein 35% / 4, carbs 40% / 4.
    { tdee: 2000, category: 'Overweight', calories: 1600, protein: 140, carbs: 160 },
    // 2044 kcal: protein 178.85 g → 178.9 (a half rounds up), carbs 204.4 g.
    { tdee: 2555, category: 'Obese', calories: 2044, protein: 178.9, carbs: 204.4 },
    // Underweight: 115%, protein 30% / 4, carbs 50% / 4 (2300 kcal → 172.5 g, 287.5 g).
    { tdee: 2000, category: 'Underweight', calories: 2300, protein: 172.5, carbs: 287.5 },
    // 2301 kcal → 172.575 g → 172.6, 287.625 g → 287.6.
    { tdee: 2001, category: 'underweight', calories: 2301, protein: 172.6, carbs: 287.6 },
    // Normal: TDEE, protein 30% / 4, carbs 45% / 4.
    { tdee: 2000, category: 'Normal', calories: 2000, protein: 150, carbs: 225 },
    // 2759 kcal → 206.925 g → 206.9, 310.3875 g → 310.4.
    { tdee: 2759, category: 'Normal Weight', calories: 2759, protein: 206.9, carbs: 310.4 },
    // 1707 kcal → 128.025 g → 128.0, 192.0375 g → 192.0.
    { tdee: 1707.4, category: 'Normal', calories: 1707, protein: 128, carbs: 192 },
  ])('$category, TDEE $tdee → $calories kcal, $protein g protein, $carbs g carbs', (row) => {
    expect(nutritionPlan(row.tdee, row.category)).toEqual({
      calories: row.calories,
      protein: row.protein,
      carbs: row.carbs,
    });
  });

  it('gives every gram figure to the nearest tenth of the exact grams, whatever the energy need', () => {
    /** [category, protein %, carb %] of spec §9. */
    const splits: Array<[string, number, number]> = [
      ['Underweight', 30, 50],
      ['Normal', 30, 45],
      ['Overweight', 35, 40],
      ['Obese', 35, 40],
    ];
    for (let tdee = 1000; tdee <= 6000; tdee += 7) {
      for (const [category, proteinPercent, carbPercent] of splits) {
        const plan = nutritionPlan(tdee, category);
        expect(Number.isInteger(plan.calories)).toBe(true);
        const exact = (percent: number) => (plan.calories * percent) / 400;
        for (const [grams, percent] of [
          [plan.protein, proteinPercent],
          [plan.carbs, carbPercent],
        ] as const) {
          expect(Math.round(grams * 10) / 10).toBe(grams);
          expect(Math.abs(grams - exact(percent))).toBeLessThanOrEqual(0.05 + 1e-9);
        }
      }
    }
  });
});

describe('grams as displayed', () => {
  it.each([
    [172.5, '172.5'],
    [140, '140.0'],
    [178.9, '178.9'],
    [128, '128.0'],
    [1437.5, '1,437.5'],
  ])('%s g reads "%s"', (grams, text) => {
    expect(formatGrams(grams)).toBe(text);
  });
});
