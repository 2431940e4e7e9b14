// The healthy weight for the visitor's height: the weights whose BMI falls in the healthy band (18.5–24.9
// in the WHO adult bands), how far the visitor is from them, and BMI Prime (BMI ÷ 25, the upper limit of
// the healthy band, so 1.00 is its top). A second, labelled figure beside the spec's `idealWeight`
// (a sex-based formula), which stays as the spec defines it.
import { type BmiBands, WHO_BMI_BANDS } from './bmi-bands';
import { INCH_TO_CM, KG_TO_LB } from './constants';
import { roundTo } from './numbers';

/** BMI Prime's reference: the upper limit of the WHO healthy band. */
export const BMI_PRIME_REFERENCE = 25;

export type HealthyWeightPosition = 'within' | 'above' | 'below';

export interface HealthyWeight {
  /** In the form's unit: whole pounds (imperial) or kg to one decimal (metric). */
  min: number;
  max: number;
  unit: 'kg' | 'lb';
  position: HealthyWeightPosition;
  /** How far the weight is outside the range, in the same unit and precision; 0 within it. */
  distance: number;
  /** BMI ÷ 25 to two decimals. */
  bmiPrime: number;
  /** The bands the range comes from, named beside it. */
  source: string;
}

export function bmiPrime(bmi: number): number {
  return roundTo(bmi / BMI_PRIME_REFERENCE, 2);
}

/**
 * From the weight and height as entered (lb and inches, or kg and cm) and the one-decimal BMI shown.
 * Whether the visitor is within the range follows the shown BMI, so it always agrees with the category
 * beside it (BMI 24.9 is within even if the weight is a few grams over 24.9 × height²); outside it, the
 * distance is at least one step of the unit's precision.
 */
export function healthyWeightForHeight(
  measured: { weight: number; height: number; measurementSystem: 'metric' | 'imperial'; bmi: number },
  bands: BmiBands = WHO_BMI_BANDS,
): HealthyWeight {
  const imperial = measured.measurementSystem === 'imperial';
  const heightM = (imperial ? measured.height * INCH_TO_CM : measured.height) / 100;
  const decimals = imperial ? 0 : 1;
  const inUnit = (kg: number) => roundTo(imperial ? kg * KG_TO_LB : kg, decimals);
  const min = inUnit(bands.underweightBelow * heightM * heightM);
  const max = inUnit(bands.healthyUpTo * heightM * heightM);
  const step = 10 ** -decimals;
  const base = {
    min,
    max,
    unit: imperial ? 'lb' : 'kg',
    bmiPrime: bmiPrime(measured.bmi),
    source: bands.source,
  } as const;
  if (measured.bmi < bands.underweightBelow) {
    const distance = Math.max(step, roundTo(min - measured.weight, decimals));
    return { ...base, position: 'below', distance };
  }
  if (measured.bmi > bands.healthyUpTo) {
    const distance = Math.max(step, roundTo(measured.weight - max, decimals));
    return { ...base, position: 'above', distance };
  }
  return { ...base, position: 'within', distance: 0 };
}

const weightFormat = {
  kg: new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  lb: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
};

/** "56.7–77.0 kg" or "125–169 lb". */
export function formatHealthyWeightRange(healthy: HealthyWeight): string {
  const f = weightFormat[healthy.unit];
  return `${f.format(healthy.min)}–${f.format(healthy.max)} ${healthy.unit}`;
}

/** "within it", "3.2 kg above it", "11 lb below it". */
export function formatHealthyWeightDistance(healthy: HealthyWeight): string {
  if (healthy.position === 'within') return 'within it';
  return `${weightFormat[healthy.unit].format(healthy.distance)} ${healthy.unit} ${healthy.position} it`;
}
