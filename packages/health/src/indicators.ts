// How the bridge and results pages colour and place the numbers (spec §2 Bridge page, Results page).
import {
  BMI_BAND_NORMAL_UP_TO,
  BMI_BAND_OVERWEIGHT_UP_TO,
  BMI_GAUGE_HIGHEST_BMI,
  BMI_GAUGE_LOWEST_BMI,
  BMI_NORMAL_BELOW,
  BMI_OVERWEIGHT_BELOW,
  BMI_UNDERWEIGHT_BELOW,
  BODY_FAT_THRESHOLDS,
  METABOLIC_AGE_EXCELLENT_AT_MOST,
  METABOLIC_AGE_FAIR_AT_MOST,
  METABOLIC_AGE_GOOD_AT_MOST,
  WHR_RISK_ABOVE,
} from './constants';
import { bmiCategoryKind, sexGroup } from './enums';
import { roundTo } from './numbers';

/** Semantic colour names; the apps map them onto their palette. */
export type Tone = 'blue' | 'green' | 'orange' | 'red';
export interface Indicator<Label extends string = string> {
  label: Label;
  tone: Tone;
}

export type BmiBandLabel = 'Underweight' | 'Normal Weight' | 'Overweight' | 'Obese';

/**
 * Bridge-page colour band: under 18.5 Underweight, up to 24.9 Normal Weight, up to 29.9 Overweight,
 * above that Obese. The BMI is rounded to one decimal first, so a value between 24.9 and 25 lands in
 * the same band as the category computed from the same displayed number.
 */
export function bmiColorBand(bmi: number): Indicator<BmiBandLabel> {
  const shown = roundTo(bmi, 1);
  if (shown < BMI_UNDERWEIGHT_BELOW) return { label: 'Underweight', tone: 'blue' };
  if (shown <= BMI_BAND_NORMAL_UP_TO) return { label: 'Normal Weight', tone: 'green' };
  if (shown <= BMI_BAND_OVERWEIGHT_UP_TO) return { label: 'Overweight', tone: 'orange' };
  return { label: 'Obese', tone: 'red' };
}

/**
 * Marker position (0..100) on the four-band BMI scale; each band is a quarter. The outer bands have no
 * end in the spec: BMI 10 and below sits at 0, BMI 40 and above at 100 (capped). NaN sits at 0.
 * Written as 25 · (bmi − start) / width per band so the position never decreases as BMI grows.
 */
export function bmiGaugePosition(bmi: number): number {
  if (Number.isNaN(bmi)) return 0;
  const quarter = (start: number, end: number, offset: number) =>
    offset + (25 * (bmi - start)) / (end - start);
  if (bmi < BMI_UNDERWEIGHT_BELOW)
    return Math.max(0, quarter(BMI_GAUGE_LOWEST_BMI, BMI_UNDERWEIGHT_BELOW, 0));
  if (bmi < BMI_NORMAL_BELOW) return quarter(BMI_UNDERWEIGHT_BELOW, BMI_NORMAL_BELOW, 25);
  if (bmi < BMI_OVERWEIGHT_BELOW) return quarter(BMI_NORMAL_BELOW, BMI_OVERWEIGHT_BELOW, 50);
  return Math.min(100, quarter(BMI_OVERWEIGHT_BELOW, BMI_GAUGE_HIGHEST_BMI, 75));
}

export type BmiIndicatorLabel = 'Low' | 'Normal' | 'High' | 'Elevated';
/** BMI card label from the category text: underweight Low, overweight High, obese Elevated, else Normal. */
export function bmiIndicator(category: string): Indicator<BmiIndicatorLabel> {
  switch (bmiCategoryKind(category)) {
    case 'underweight':
      return { label: 'Low', tone: 'blue' };
    case 'overweight':
      return { label: 'High', tone: 'orange' };
    case 'obese':
      return { label: 'Elevated', tone: 'red' };
    case 'normal':
      return { label: 'Normal', tone: 'green' };
  }
}

export type BodyFatLabel = 'Low' | 'Normal' | 'High' | 'Very High';
/** Thresholds per gender in constants.ts (other genders: midpoints between male and female). */
export function bodyFatIndicator(bodyFatPercentage: number, gender: string): Indicator<BodyFatLabel> {
  const { low, normal, high } = BODY_FAT_THRESHOLDS[sexGroup(gender)];
  if (bodyFatPercentage < low) return { label: 'Low', tone: 'blue' };
  if (bodyFatPercentage <= normal) return { label: 'Normal', tone: 'green' };
  if (bodyFatPercentage <= high) return { label: 'High', tone: 'orange' };
  return { label: 'Very High', tone: 'red' };
}

export type WhrLabel = 'Healthy' | 'High risk';
/** Red above 0.95 for male and above 0.85 for everyone else. */
export function whrIndicator(whr: number, gender: string): Indicator<WhrLabel> {
  const riskAbove = gender === 'male' ? WHR_RISK_ABOVE.male : WHR_RISK_ABOVE.other;
  return whr > riskAbove ? { label: 'High risk', tone: 'red' } : { label: 'Healthy', tone: 'green' };
}

export type MetabolicAgeLabel = 'Excellent' | 'Good' | 'Fair' | 'Poor';
/** Rated by metabolic age minus real age: ≤ −5 Excellent, ≤ 0 Good, ≤ 5 Fair, else Poor. */
export function metabolicAgeRating(metabolicAge: number, age: number): Indicator<MetabolicAgeLabel> {
  const difference = metabolicAge - age;
  if (difference <= METABOLIC_AGE_EXCELLENT_AT_MOST) return { label: 'Excellent', tone: 'green' };
  if (difference <= METABOLIC_AGE_GOOD_AT_MOST) return { label: 'Good', tone: 'green' };
  if (difference <= METABOLIC_AGE_FAIR_AT_MOST) return { label: 'Fair', tone: 'orange' };
  return { label: 'Poor', tone: 'red' };
}
