// Which BMI bands classify a visitor. The WHO adult bands are the default and the only ones that ever leave
// the browser (tracking, offers, the e-mailed report). NICE's obesity guideline lowers the overweight and
// obesity thresholds for some ethnic backgrounds, whose higher risk starts at a lower BMI; the visitor may
// choose a background on the form, and the page then shows the category and advice of those bands. The
// choice is special-category data: it stays on the device (docs/security.md), nothing here sends it.
//
// Source: NICE clinical guideline CG189, "Obesity: identification, assessment and management", as updated
// in September 2022 (recommendation 1.2.8): for people of South Asian, Chinese, other Asian, Middle Eastern,
// Black African or African-Caribbean family background, overweight from BMI 23 and obesity from 27.5.
import type { BmiCategory } from './enums';

export interface BmiBands {
  /** Underweight below this BMI. */
  underweightBelow: number;
  /** Overweight from this BMI (one decimal, as shown). */
  overweightFrom: number;
  obeseFrom: number;
  /** The highest BMI of the healthy band as shown (one decimal): the top of the healthy weight range. */
  healthyUpTo: number;
  /** Where the bands come from, shown beside the figures they make. */
  source: string;
}

export const WHO_BMI_BANDS: BmiBands = {
  underweightBelow: 18.5,
  overweightFrom: 25,
  obeseFrom: 30,
  healthyUpTo: 24.9,
  source: 'WHO adult BMI bands',
};

export const NICE_LOWER_THRESHOLD_BANDS: BmiBands = {
  underweightBelow: 18.5,
  overweightFrom: 23,
  obeseFrom: 27.5,
  healthyUpTo: 22.9,
  source: 'NICE obesity guideline (CG189, 2022 update)',
};

/** The backgrounds NICE CG189 (2022) gives the lower thresholds. */
const lowerThresholdBackgrounds = [
  'south_asian',
  'chinese',
  'other_asian',
  'middle_eastern',
  'black_african',
  'african_caribbean',
] as const;

/** The form's ethnic background choices; the empty choice ("prefer not to say") is not one of them. */
export const ETHNIC_BACKGROUNDS = ['white', 'mixed', ...lowerThresholdBackgrounds, 'other'] as const;
export type EthnicBackground = (typeof ETHNIC_BACKGROUNDS)[number];

const LOWER_THRESHOLD_BACKGROUNDS: ReadonlySet<string> = new Set<EthnicBackground>(lowerThresholdBackgrounds);

export const isEthnicBackground = (value: string): value is EthnicBackground =>
  (ETHNIC_BACKGROUNDS as readonly string[]).includes(value);

/** The bands for a background; none chosen (or one without lower thresholds) is the WHO bands. */
export function bmiBandsFor(background: string | undefined): BmiBands {
  return background !== undefined && LOWER_THRESHOLD_BACKGROUNDS.has(background)
    ? NICE_LOWER_THRESHOLD_BANDS
    : WHO_BMI_BANDS;
}

/** The category of a one-decimal BMI in the given bands. */
export function classifyBmiIn(bmi: number, bands: BmiBands): BmiCategory {
  if (bmi < bands.underweightBelow) return 'Underweight';
  if (bmi < bands.overweightFrom) return 'Normal';
  if (bmi < bands.obeseFrom) return 'Overweight';
  return 'Obese';
}
