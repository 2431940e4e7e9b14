// Smart Nutrition Plan (spec §9): a calorie target from the daily energy need, then protein and carbs.
import { CALORIE_PERCENT, CARB_PERCENT, KCAL_PER_GRAM_PROTEIN_OR_CARB, PROTEIN_PERCENT } from './constants';
import { bmiCategoryKind } from './enums';
import { roundTo } from './numbers';

export interface NutritionPlan {
  /** kcal per day, whole (spec §9: the calorie target is rounded). */
  calories: number;
  /** grams per day, to one decimal (spec §9: displayed values use one decimal). */
  protein: number;
  /** grams per day, to one decimal. */
  carbs: number;
}

/**
 * Overweight or obese: 80% of TDEE, 35% protein, 40% carbs. Underweight: 115%, 30% protein, 50% carbs.
 * Otherwise: TDEE, 30% protein, 45% carbs. Grams come from the rounded calories the visitor sees, to one
 * decimal; the percentages are whole numbers, so tenths of a gram are `calories × percent / 40`, an exact
 * integer or half before rounding, without binary drift.
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
  const grams = (percent: number) =>
    Math.round((calories * percent) / (10 * KCAL_PER_GRAM_PROTEIN_OR_CARB)) / 10;
  return { calories, protein: grams(proteinPercent), carbs: grams(carbPercent) };
}

const gramsFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A plan's grams as shown on the results page and in the report: one decimal (spec §9), thousands
 * grouped like the calories beside them ("172.5", "1,437.5"), without the unit.
 */
export function formatGrams(grams: number): string {
  return gramsFormat.format(roundTo(grams, 1));
}
