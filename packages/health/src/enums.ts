// The enumerations of spec §3: the words and the zod schemas come from @bodymetrics/contracts (one source
// for the form, the events and the tables); the UPPER_CASE lists are the engine's names for them.
import { activityLevels, bmiCategories, genders, goals, measurementSystems } from '@bodymetrics/contracts';

export {
  activityLevelSchema,
  bmiCategorySchema,
  genderSchema,
  goalSchema,
  measurementSystemSchema,
  type ActivityLevel,
  type BmiCategory,
  type Gender,
  type Goal,
  type MeasurementSystem,
} from '@bodymetrics/contracts';

export const ACTIVITY_LEVELS = activityLevels;
export const GENDERS = genders;
export const MEASUREMENT_SYSTEMS = measurementSystems;
export const GOALS = goals;
export const BMI_CATEGORIES = bmiCategories;

/**
 * Gender as shown: spec §3 says "title-cased, first underscore replaced by a space". Implemented
 * literally — only the FIRST underscore becomes a space and only the first letter is capitalised — so
 * non_binary → "Non binary" and prefer_not_to_say → "Prefer not_to_say", as the product shows it.
 */
export function genderLabel(gender: string): string {
  const spaced = gender.replace('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The formulas know three groups; every gender other than male and female is treated as "other". */
export type SexGroup = 'male' | 'female' | 'other';
export function sexGroup(gender: string): SexGroup {
  return gender === 'male' || gender === 'female' ? gender : 'other';
}

/**
 * Which kind of category a BMI category text names. The spec matches category text by what it
 * contains, case-insensitively ("Overweight", "overweight", "Normal Weight" all work), so offers,
 * goals and indicators behave the same whichever spelling the server or the bridge page uses.
 */
export type BmiCategoryKind = 'underweight' | 'overweight' | 'obese' | 'normal';
export function bmiCategoryKind(category: string): BmiCategoryKind {
  const text = category.toLowerCase();
  if (text.includes('underweight')) return 'underweight';
  if (text.includes('overweight')) return 'overweight';
  if (text.includes('obese')) return 'obese';
  return 'normal';
}
