// Smart Nutrition Plan (spec §9): a calorie target from the daily energy need, then protein and carbs.
import { CALORIE_PERCENT, CARB_PERCENT, KCAL_PER_GRAM_PROTEIN_OR_CARB, PROTEIN_PERCENT } from './constants';
import { bmiCategoryKind } from './enums';

export interface NutritionPlan {
  /** kcal per day. */
  calories: number;
  /** grams per day. */
  protein: number;
  /** grams per day. */
  carbs: number;
}

/**
 * Overweight or obese: 80% of TDEE, 35% protein, 40% carbs. Underweight: 115%, 30% protein, 50% carbs.
 * Otherwise: TDEE, 30% protein, 45% carbs. Grams come from the rounded calories the visitor sees, and
 * the percentages are whole numbers so `calories × percent / 400` is computed without binary drift.
 */
export function nutritionPlan(tdee: number, bmiCategory: string): NutritionPlan {
  const kind = bmiCategoryKind(bmiCategory);
  const overweightOrObese = kind === 'overweight' || kind === 'obese';
  const caloriePercent = overweightOrObese
    ? CALORIE_PERCENT.reduce
    : kind === 'underweight'
      ? CALORIE_PERCENT.increase
      : CALORIE_PERCENT.maintain;
  const proteinPercent = overweightOrObese ? PROTEIN_PERCENT.overweightOrObese : PROTEIN_PERCENT.otherwise;
  const carbPercent = overweightOrObese
    ? CARB_PERCENT.overweightOrObese
    : kind === 'underweight'
      ? CARB_PERCENT.underweight
      : CARB_PERCENT.otherwise;

  const calories = Math.round((tdee * caloriePercent) / 100);
  const grams = (percent: number) => Math.round((calories * percent) / (100 * KCAL_PER_GRAM_PROTEIN_OR_CARB));
  return { calories, protein: grams(proteinPercent), carbs: grams(carbPercent) };
}
