import { describe, expect, it } from 'vitest';
import { nutritionPlan } from './nutrition';

describe('nutrition plan', () => {
  it.each([
    // Overweight / obese: 80% of TDEE, protein 35% / 4, carbs 40% / 4.
    { tdee: 2000, category: 'Overweight', calories: 1600, protein: 140, carbs: 160 },
    { tdee: 2555, category: 'Obese', calories: 2044, protein: 179, carbs: 204 },
    // Underweight: 115%, protein 30% / 4, carbs 50% / 4 (2300 kcal → 172.5 g → 173, 287.5 g → 288).
    { tdee: 2000, category: 'Underweight', calories: 2300, protein: 173, carbs: 288 },
    { tdee: 2001, category: 'underweight', calories: 2301, protein: 173, carbs: 288 },
    // Normal: TDEE, protein 30% / 4, carbs 45% / 4.
    { tdee: 2000, category: 'Normal', calories: 2000, protein: 150, carbs: 225 },
    { tdee: 2759, category: 'Normal Weight', calories: 2759, protein: 207, carbs: 310 },
    { tdee: 1707.4, category: 'Normal', calories: 1707, protein: 128, carbs: 192 },
  ])('$category, TDEE $tdee → $calories kcal, $protein g protein, $carbs g carbs', (row) => {
    expect(nutritionPlan(row.tdee, row.category)).toEqual({
      calories: row.calories,
      protein: row.protein,
      carbs: row.carbs,
    });
  });
});
