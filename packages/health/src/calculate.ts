// The health report's numbers (spec §3 Health result, §9 Calculations), computed from the form payload.
import {
  ACTIVITY_MULTIPLIERS,
  BMI_NORMAL_BELOW,
  BMI_OVERWEIGHT_BELOW,
  BMI_UNDERWEIGHT_BELOW,
  BMR_AGE_FACTOR,
  BMR_HEIGHT_FACTOR,
  BMR_SEX_OFFSET,
  BMR_WEIGHT_FACTOR,
  BODY_FAT_AGE_FACTOR,
  BODY_FAT_BMI_FACTOR,
  BODY_FAT_CONSTANT,
  BODY_FAT_MAX,
  BODY_FAT_MIN,
  BODY_FAT_SEX_FACTOR,
  BODY_FAT_SEX_FACTOR_WEIGHT,
  CALCULATION_FAILED_MESSAGE,
  DEFAULT_ACTIVITY_MULTIPLIER,
  IDEAL_WEIGHT_BASE,
  IDEAL_WEIGHT_BASE_HEIGHT_CM,
  IDEAL_WEIGHT_MAX_RATIO,
  IDEAL_WEIGHT_MIN_RATIO,
  INCH_TO_CM,
  KG_TO_LB,
  LB_TO_KG,
  METABOLIC_AGE_MAX,
  METABOLIC_AGE_MIN,
  METABOLIC_AGE_REFERENCE_BMR,
} from './constants';
import {
  sexGroup,
  type ActivityLevel,
  type BmiCategory,
  type Gender,
  type MeasurementSystem,
  type SexGroup,
} from './enums';
import type { HealthFormValues } from './form-schema';
import { clamp, roundTo } from './numbers';

export interface HealthResult {
  /** One decimal. */
  bmi: number;
  /** Classified from the one-decimal BMI, so it always agrees with the number shown. */
  bmiCategory: BmiCategory;
  /** One decimal, 5..60. */
  bodyFatPercentage: number;
  bmr: number;
  tdee: number;
  /** Two decimals; present only when both waist and hip were given. */
  whr?: number;
  gender: Gender;
  email?: string;
  age: number;
  /** Echoed as entered, in the form's unit (kg or lb, cm or in). */
  weight: number;
  height: number;
  waist?: number;
  hip?: number;
  activityLevel: ActivityLevel;
  measurementSystem: MeasurementSystem;
  /** In the form's unit: lb rounded to whole pounds (imperial), kg to one decimal (metric). */
  idealWeight: { min: number; max: number };
  /** Whole years, 18..85. */
  metabolicAge: number;
}

export function classifyBmi(bmi: number): BmiCategory {
  if (bmi < BMI_UNDERWEIGHT_BELOW) return 'Underweight';
  if (bmi < BMI_NORMAL_BELOW) return 'Normal';
  if (bmi < BMI_OVERWEIGHT_BELOW) return 'Overweight';
  return 'Obese';
}

/** Unknown activity levels fall back to the spec's default multiplier (1.2). */
export function activityMultiplier(activityLevel: string): number {
  return Object.hasOwn(ACTIVITY_MULTIPLIERS, activityLevel)
    ? ACTIVITY_MULTIPLIERS[activityLevel as ActivityLevel]
    : DEFAULT_ACTIVITY_MULTIPLIER;
}

/** Mifflin-St Jeor, unrounded. */
export function basalMetabolicRate(weightKg: number, heightCm: number, age: number, sex: SexGroup): number {
  return (
    BMR_WEIGHT_FACTOR * weightKg + BMR_HEIGHT_FACTOR * heightCm - BMR_AGE_FACTOR * age + BMR_SEX_OFFSET[sex]
  );
}

/**
 * Ideal weight range in kg. The spec adds kg "per cm over" 152.4 cm; below that height nothing is
 * added or taken away (the excess is floored at 0). Extending the line downwards instead would give a
 * negative ideal weight for heights the form accepts (about 1.0–1.1 m).
 */
export function idealWeightRangeKg(heightCm: number, sex: SexGroup): { min: number; max: number } {
  const { baseKg, kgPerCm } = IDEAL_WEIGHT_BASE[sex];
  const base = baseKg + kgPerCm * Math.max(0, heightCm - IDEAL_WEIGHT_BASE_HEIGHT_CM);
  return { min: base * IDEAL_WEIGHT_MIN_RATIO, max: base * IDEAL_WEIGHT_MAX_RATIO };
}

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

function fail(): never {
  throw new Error(CALCULATION_FAILED_MESSAGE);
}

export function calculateHealthMetrics(form: HealthFormValues): HealthResult {
  const { age, weight, height, waist, hip, measurementSystem } = form;
  if (!isPositiveNumber(age) || !isPositiveNumber(weight) || !isPositiveNumber(height)) fail();
  if (waist !== undefined && !isPositiveNumber(waist)) fail();
  if (hip !== undefined && !isPositiveNumber(hip)) fail();
  if (measurementSystem !== 'metric' && measurementSystem !== 'imperial') fail();

  const imperial = measurementSystem === 'imperial';
  const toCm = (length: number) => (imperial ? length * INCH_TO_CM : length);
  const weightKg = imperial ? weight * LB_TO_KG : weight;
  const heightCm = toCm(height);
  const heightM = heightCm / 100;
  const sex = sexGroup(form.gender);

  const bmi = roundTo(weightKg / (heightM * heightM), 1);
  const bmiCategory = classifyBmi(bmi);

  // Uses the one-decimal BMI the visitor sees, so body fat can be re-derived from the shown numbers.
  const bodyFatExact =
    BODY_FAT_BMI_FACTOR * bmi +
    BODY_FAT_AGE_FACTOR * age -
    BODY_FAT_SEX_FACTOR_WEIGHT * BODY_FAT_SEX_FACTOR[sex] -
    BODY_FAT_CONSTANT;
  const bodyFatPercentage = roundTo(clamp(bodyFatExact, BODY_FAT_MIN, BODY_FAT_MAX), 1);

  // TDEE and metabolic age use the unrounded BMR; only the reported values are rounded.
  const bmrExact = basalMetabolicRate(weightKg, heightCm, age, sex);
  if (!(bmrExact > 0)) fail();
  const bmr = Math.round(bmrExact);
  const tdee = Math.round(bmrExact * activityMultiplier(form.activityLevel));

  const metabolicAge = Math.round(
    clamp((age * METABOLIC_AGE_REFERENCE_BMR[sex]) / bmrExact, METABOLIC_AGE_MIN, METABOLIC_AGE_MAX),
  );

  const idealKg = idealWeightRangeKg(heightCm, sex);
  const idealWeight = imperial
    ? { min: Math.round(idealKg.min * KG_TO_LB), max: Math.round(idealKg.max * KG_TO_LB) }
    : { min: roundTo(idealKg.min, 1), max: roundTo(idealKg.max, 1) };

  const result: HealthResult = {
    bmi,
    bmiCategory,
    bodyFatPercentage,
    bmr,
    tdee,
    gender: form.gender,
    email: form.email,
    age,
    weight,
    height,
    waist,
    hip,
    activityLevel: form.activityLevel,
    measurementSystem,
    idealWeight,
    metabolicAge,
  };
  if (waist !== undefined && hip !== undefined) result.whr = roundTo(toCm(waist) / toCm(hip), 2);

  // Finite, positive inputs can still overflow (e.g. 1e308 lb).
  const computed = [
    bmi,
    bodyFatPercentage,
    bmr,
    tdee,
    metabolicAge,
    idealWeight.min,
    idealWeight.max,
    result.whr ?? 0,
  ];
  if (!computed.every(Number.isFinite)) fail();
  return result;
}
