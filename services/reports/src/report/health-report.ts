// The numbers of the e-mailed report, recomputed on the server from the submitted form with the same
// engine the results page uses (@bodymetrics/health). Results sent by the client are never trusted.
import {
  bmiIndicator,
  bodyFatIndicator,
  calculateHealthMetrics,
  defaultGoal,
  formatGrams,
  formatHealthyWeightDistance,
  formatHealthyWeightRange,
  formatNumber1,
  healthyWeightForHeight,
  metabolicAgeRating,
  nutritionPlan,
  WAIST_TO_HEIGHT_SOURCE,
  waistToHeight,
  whrIndicator,
  type Goal,
  type HealthFormValues,
  type HealthResult,
  type NutritionPlan,
} from '@bodymetrics/health';

export interface HealthReport {
  result: HealthResult;
  goal: Goal;
  nutrition: NutritionPlan;
  /** Display strings, formatted once so the HTML and the text part always say the same. */
  display: {
    bmi: string;
    bmiCategory: string;
    bmiLabel: string;
    bodyFat: string;
    bodyFatLabel: string;
    whr: string;
    whrLabel: string | null;
    /** Waist-to-height ratio and its band with the guidance named; null when no waist was given. */
    waistToHeight: { ratio: string; note: string } | null;
    tdee: string;
    metabolicAge: string;
    age: string;
    metabolicAgeRating: string;
    idealWeight: string;
    /**
     * The weight range of BMI 18.5–24.9 at the visitor's height (WHO adult bands: the mail never knows an
     * ethnic background, which stays on the visitor's device), the distance from it and BMI Prime.
     */
    healthyWeight: { range: string; note: string };
    calories: string;
    protein: string;
    carbs: string;
    /** Why the calorie target differs from the daily energy need (spec §2 Smart Nutrition Plan). */
    nutritionNote: string;
  };
}

const whole = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const goalNames: Record<Goal, string> = {
  weight_loss: 'Weight loss',
  muscle_gain: 'Muscle gain',
  wellness: 'Wellness',
};
export const goalName = (goal: Goal) => goalNames[goal];

function nutritionNote(category: string): string {
  if (category === 'Overweight' || category === 'Obese') {
    return 'Your calorie target is a 20% deficit from your daily energy need, for gradual, sustainable weight loss.';
  }
  if (category === 'Underweight') {
    return 'Your calorie target is a 15% increase over your daily energy need, to support healthy weight gain.';
  }
  return 'Your calorie target matches your daily energy need, to maintain your current weight.';
}

export function buildHealthReport(
  form: HealthFormValues,
  selectedGoal: Goal | null | undefined,
): HealthReport {
  const result = calculateHealthMetrics(form);
  const nutrition = nutritionPlan(result.tdee, result.bmiCategory);
  const unit = result.measurementSystem === 'imperial' ? 'lb' : 'kg';
  const idealNumber = (n: number) => (unit === 'lb' ? whole(n) : formatNumber1(n));
  const whtr = waistToHeight(result);
  const healthy = healthyWeightForHeight(result);
  return {
    result,
    goal: selectedGoal ?? defaultGoal(result.bmiCategory),
    nutrition,
    display: {
      bmi: formatNumber1(result.bmi),
      bmiCategory: result.bmiCategory,
      bmiLabel: bmiIndicator(result.bmiCategory).label,
      bodyFat: `${formatNumber1(result.bodyFatPercentage)}%`,
      bodyFatLabel: bodyFatIndicator(result.bodyFatPercentage, result.gender).label,
      whr: result.whr === undefined ? 'N/A' : result.whr.toFixed(2),
      whrLabel: result.whr === undefined ? null : whrIndicator(result.whr, result.gender).label,
      waistToHeight: whtr
        ? { ratio: whtr.ratio.toFixed(2), note: `${whtr.label} (source: ${WAIST_TO_HEIGHT_SOURCE})` }
        : null,
      tdee: `${whole(result.tdee)} kcal/day`,
      metabolicAge: String(result.metabolicAge),
      age: String(result.age),
      metabolicAgeRating: metabolicAgeRating(result.metabolicAge, result.age).label,
      idealWeight: `${idealNumber(result.idealWeight.min)}–${idealNumber(result.idealWeight.max)} ${unit}`,
      healthyWeight: {
        range: formatHealthyWeightRange(healthy),
        note: `You are ${formatHealthyWeightDistance(healthy)} · BMI Prime ${healthy.bmiPrime.toFixed(2)} (source: ${healthy.source})`,
      },
      calories: `${whole(nutrition.calories)} kcal`,
      protein: `${formatGrams(nutrition.protein)} g`,
      carbs: `${formatGrams(nutrition.carbs)} g`,
      nutritionNote: nutritionNote(result.bmiCategory),
    },
  };
}
