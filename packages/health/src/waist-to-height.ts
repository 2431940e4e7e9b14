// Waist-to-height ratio (WHtR): what current clinical guidance recommends measuring beside BMI, because
// it reflects central fat that BMI misses. Not one of the spec's five cards: an extra sixth card (and a
// line of the e-mailed report), shown only when the visitor gave a waist measurement.
//
// Source: NICE clinical guideline CG189, "Obesity: identification, assessment and management", as updated
// in September 2022: keep your waist to less than half your height; 0.5 to 0.59 means increased health
// risk, 0.6 and over high.
import type { Tone } from './indicators';
import { roundTo } from './numbers';

export const WAIST_TO_HEIGHT_SOURCE = 'NICE obesity guideline (CG189, 2022 update)';
/** Band edges of the ratio as shown (two decimals): healthy below 0.5, high from 0.6. */
export const WAIST_TO_HEIGHT_INCREASED_FROM = 0.5;
export const WAIST_TO_HEIGHT_HIGH_FROM = 0.6;

export type WaistToHeightLabel = 'Healthy' | 'Increased risk' | 'High risk';

export interface WaistToHeight {
  /** Two decimals. */
  ratio: number;
  label: WaistToHeightLabel;
  tone: Tone;
}

/**
 * The ratio of waist to height, both in the form's own unit (inches or cm, so no conversion is needed),
 * rounded to two decimals; the band follows the number the visitor sees (0.595 shows as 0.60: high).
 * Undefined when no waist was given or the inputs are not positive finite numbers.
 */
export function waistToHeight(form: {
  waist?: number | undefined;
  height: number;
}): WaistToHeight | undefined {
  const { waist, height } = form;
  if (waist === undefined || !(waist > 0) || !(height > 0)) return undefined;
  const ratio = roundTo(waist / height, 2);
  if (!Number.isFinite(ratio)) return undefined;
  if (ratio < WAIST_TO_HEIGHT_INCREASED_FROM) return { ratio, label: 'Healthy', tone: 'green' };
  if (ratio < WAIST_TO_HEIGHT_HIGH_FROM) return { ratio, label: 'Increased risk', tone: 'orange' };
  return { ratio, label: 'High risk', tone: 'red' };
}
