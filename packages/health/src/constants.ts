// Every business constant of the calculator (spec §5 and §9) in one place, so a change to a rule is a
// change to one line and the tests read against the spec, not against scattered literals.

// Unit conversions (spec §9).
export const LB_TO_KG = 0.453592;
export const INCH_TO_CM = 2.54;
export const KG_TO_LB = 2.20462;

// BMI category thresholds: Underweight below 18.5, Normal below 25, Overweight below 30, else Obese.
export const BMI_UNDERWEIGHT_BELOW = 18.5;
export const BMI_NORMAL_BELOW = 25;
export const BMI_OVERWEIGHT_BELOW = 30;
// The bridge page states its colour bands with inclusive upper ends (spec §2).
export const BMI_BAND_NORMAL_UP_TO = 24.9;
export const BMI_BAND_OVERWEIGHT_UP_TO = 29.9;

// Mifflin-St Jeor: 10·kg + 6.25·cm − 5·age + sex offset.
export const BMR_WEIGHT_FACTOR = 10;
export const BMR_HEIGHT_FACTOR = 6.25;
export const BMR_AGE_FACTOR = 5;
export const BMR_SEX_OFFSET = { male: 5, female: -161, other: -78 } as const;

export const ACTIVITY_MULTIPLIERS = {
  sedentary: 1.2,
  lightly_active: 1.375,
  moderately_active: 1.55,
  very_active: 1.725,
  extra_active: 1.9,
} as const;
export const DEFAULT_ACTIVITY_MULTIPLIER = 1.2;

// Body fat = 1.2·BMI + 0.23·age − 10.8·sexFactor − 5.4, clamped.
export const BODY_FAT_BMI_FACTOR = 1.2;
export const BODY_FAT_AGE_FACTOR = 0.23;
export const BODY_FAT_SEX_FACTOR_WEIGHT = 10.8;
export const BODY_FAT_CONSTANT = 5.4;
export const BODY_FAT_SEX_FACTOR = { male: 1, female: 0, other: 0.5 } as const;
export const BODY_FAT_MIN = 5;
export const BODY_FAT_MAX = 60;

// Ideal weight: a base in kg for 152.4 cm (5 ft) plus kg per cm above it; the range is 90%..110% of it.
export const IDEAL_WEIGHT_BASE_HEIGHT_CM = 152.4;
export const IDEAL_WEIGHT_BASE = {
  male: { baseKg: 48, kgPerCm: 1.1 },
  female: { baseKg: 45.5, kgPerCm: 0.9 },
  other: { baseKg: 46.75, kgPerCm: 1 },
} as const;
export const IDEAL_WEIGHT_MIN_RATIO = 0.9;
export const IDEAL_WEIGHT_MAX_RATIO = 1.1;

// Metabolic age = age · reference BMR / actual BMR, clamped.
export const METABOLIC_AGE_REFERENCE_BMR = { male: 1800, female: 1400, other: 1600 } as const;
export const METABOLIC_AGE_MIN = 18;
export const METABOLIC_AGE_MAX = 85;

// Metabolic-age rating by (metabolic age − real age): ≤ −5 Excellent, ≤ 0 Good, ≤ 5 Fair, else Poor.
export const METABOLIC_AGE_EXCELLENT_AT_MOST = -5;
export const METABOLIC_AGE_GOOD_AT_MOST = 0;
export const METABOLIC_AGE_FAIR_AT_MOST = 5;

// Waist-hip ratio shown as a risk above these values.
export const WHR_RISK_ABOVE = { male: 0.95, other: 0.85 } as const;

// Body-fat indicator thresholds: low below `low`, normal up to `normal`, high up to `high`, else very high.
// Spec §2 gives male and female; for every other gender we use the midpoints, matching the body-fat
// formula, which also places other genders halfway between (sexFactor 0.5).
export const BODY_FAT_THRESHOLDS = {
  male: { low: 10, normal: 20, high: 25 },
  female: { low: 16, normal: 25, high: 32 },
  other: { low: 13, normal: 22.5, high: 28.5 },
} as const;

// Nutrition plan, in whole percent so the arithmetic stays exact on integer calories.
export const CALORIE_PERCENT = { reduce: 80, increase: 115, maintain: 100 } as const;
export const PROTEIN_PERCENT = { overweightOrObese: 35, otherwise: 30 } as const;
export const CARB_PERCENT = { overweightOrObese: 40, underweight: 50, otherwise: 45 } as const;
export const KCAL_PER_GRAM_PROTEIN_OR_CARB = 4;

// Calculator form bounds (spec §5).
export const AGE_MIN = 18;
export const AGE_MAX = 120;
export const METRIC_WEIGHT_KG = { min: 30, max: 300 } as const;
export const METRIC_HEIGHT_CM = { min: 100, max: 250 } as const;
export const IMPERIAL_WEIGHT_LB = { min: 50, max: 800 } as const;
export const IMPERIAL_HEIGHT_IN = { min: 39, max: 98 } as const;
// Spec §5 exempts 60 inches (the form's default height) from the imperial lower bound. 60 is above 39
// anyway, so the exemption changes nothing today; it is kept so the rule stays literal if the bound moves.
export const IMPERIAL_HEIGHT_EXEMPT_IN = 60;
export const HEIGHT_FEET_OPTIONS = [4, 5, 6, 7] as const;
export const HEIGHT_INCH_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const INCHES_PER_FOOT = 12;

// Gauge on the results page: four equal quarters; the outer quarters need an end point, which the
// spec does not give. BMI 10 is treated as the left end (0) and BMI 40 as the right end (100).
export const BMI_GAUGE_LOWEST_BMI = 10;
export const BMI_GAUGE_HIGHEST_BMI = 40;

// The bridge page shows at most this many offers.
export const BRIDGE_OFFER_LIMIT = 3;

// User-visible messages.
export const AGE_RANGE_MESSAGE = 'Age must be between 18 and 120';
export const AGE_REQUIRED_MESSAGE = 'Age is required';
export const METRIC_WEIGHT_MESSAGE = 'Weight must be between 30kg and 300kg';
export const METRIC_HEIGHT_MESSAGE = 'Height must be between 100cm and 250cm';
export const IMPERIAL_WEIGHT_MESSAGE = 'Weight must be between 50lbs and 800lbs';
export const IMPERIAL_HEIGHT_MESSAGE = 'Height must be between 39 inches and 98 inches';
export const WEIGHT_REQUIRED_MESSAGE = 'Weight is required';
export const HEIGHT_REQUIRED_MESSAGE = 'Height is required';
export const WAIST_MESSAGE = 'Waist must be a positive number';
export const HIP_MESSAGE = 'Hip must be a positive number';
export const FEET_MESSAGE = 'Feet must be between 4 and 7';
export const INCHES_MESSAGE = 'Inches must be between 0 and 11';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const CALCULATION_FAILED_MESSAGE = 'Failed to calculate health metrics';
