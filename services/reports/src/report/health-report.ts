// The numbers of the e-mailed report, recomputed on the server from the submitted form with the same
// engine the results page uses (@bodymetrics/health). Results sent by the client are never trusted.
import {
  bmiIndicator,
  bodyFatIndicator,
  calculateHealthMetrics,
  defaultGoal,
  healthyWeightForHeight,
  metabolicAgeRating,
  nutritionPlan,
  WAIST_TO_HEIGHT_SOURCE,
  waistToHeight,
  whrIndicator,
  type Goal,
  type HealthFormValues,
  type HealthResult,
  type HealthyWeight,
  type NutritionPlan,
} from '@bodymetrics/health';
import type { ReportLanguage } from '@bodymetrics/contracts';
import { labelIn, reportTexts, type ReportTexts } from './report-texts';

export interface HealthReport {
  result: HealthResult;
  goal: Goal;
  /** The words the mail is written in (the page's language). */
  texts: ReportTexts;
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

function nutritionNote(category: string, texts: ReportTexts): string {
  if (category === 'Overweight' || category === 'Obese') return texts.nutritionNotes.deficit;
  if (category === 'Underweight') return texts.nutritionNotes.surplus;
  return texts.nutritionNotes.maintain;
}

/** The figures in the language's locale: en-US 2,139 and 25.8; ro-RO 2.139 and 25,8. */
function numberFormats(locale: string) {
  const fixed = (digits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const [whole, one, two] = [fixed(0), fixed(1), fixed(2)];
  return {
    whole: (n: number) => whole.format(n),
    one: (n: number) => one.format(n),
    two: (n: number) => two.format(n),
  };
}

function healthyWeightLine(healthy: HealthyWeight, texts: ReportTexts, n: ReturnType<typeof numberFormats>) {
  const weight = (kgOrLb: number) =>
    `${healthy.unit === 'lb' ? n.whole(kgOrLb) : n.one(kgOrLb)} ${healthy.unit}`;
  const where =
    healthy.position === 'within'
      ? texts.healthyWeightWithin
      : healthy.position === 'above'
        ? texts.healthyWeightAbove(weight(healthy.distance))
        : texts.healthyWeightBelow(weight(healthy.distance));
  return {
    range: `${healthy.unit === 'lb' ? n.whole(healthy.min) : n.one(healthy.min)}–${weight(healthy.max)}`,
    note: `${texts.youAre(where)} · BMI Prime ${n.two(healthy.bmiPrime)} (${texts.source}: ${labelIn(texts, healthy.source)})`,
  };
}

export function buildHealthReport(
  form: HealthFormValues,
  selectedGoal: Goal | null | undefined,
  language: ReportLanguage = 'en',
): HealthReport {
  const texts = reportTexts(language);
  const n = numberFormats(texts.locale);
  const label = (english: string) => labelIn(texts, english);
  const result = calculateHealthMetrics(form);
  const nutrition = nutritionPlan(result.tdee, result.bmiCategory);
  const unit = result.measurementSystem === 'imperial' ? 'lb' : 'kg';
  const idealNumber = (value: number) => (unit === 'lb' ? n.whole(value) : n.one(value));
  const whtr = waistToHeight(result);
  const healthy = healthyWeightForHeight(result);
  return {
    result,
    goal: selectedGoal ?? defaultGoal(result.bmiCategory),
    texts,
    nutrition,
    display: {
      bmi: n.one(result.bmi),
      bmiCategory: label(result.bmiCategory),
      bmiLabel: label(bmiIndicator(result.bmiCategory).label),
      bodyFat: `${n.one(result.bodyFatPercentage)}%`,
      bodyFatLabel: label(bodyFatIndicator(result.bodyFatPercentage, result.gender).label),
      whr: result.whr === undefined ? 'N/A' : n.two(result.whr),
      whrLabel: result.whr === undefined ? null : label(whrIndicator(result.whr, result.gender).label),
      waistToHeight: whtr
        ? {
            ratio: n.two(whtr.ratio),
            note: `${label(whtr.label)} (${texts.source}: ${label(WAIST_TO_HEIGHT_SOURCE)})`,
          }
        : null,
      tdee: `${n.whole(result.tdee)} ${texts.perDay}`,
      metabolicAge: String(result.metabolicAge),
      age: String(result.age),
      metabolicAgeRating: label(metabolicAgeRating(result.metabolicAge, result.age).label),
      idealWeight: `${idealNumber(result.idealWeight.min)}–${idealNumber(result.idealWeight.max)} ${unit}`,
      healthyWeight: healthyWeightLine(healthy, texts, n),
      calories: `${n.whole(nutrition.calories)} kcal`,
      protein: `${n.one(nutrition.protein)} g`,
      carbs: `${n.one(nutrition.carbs)} g`,
      nutritionNote: nutritionNote(result.bmiCategory, texts),
    },
  };
}
