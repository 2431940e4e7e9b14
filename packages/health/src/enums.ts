// The enumerations of spec §3 as zod enums (for validation) with their TypeScript types.
import { z } from 'zod';

export const activityLevelSchema = z.enum([
  'sedentary',
  'lightly_active',
  'moderately_active',
  'very_active',
  'extra_active',
]);
export type ActivityLevel = z.infer<typeof activityLevelSchema>;
export const ACTIVITY_LEVELS = activityLevelSchema.options;

export const genderSchema = z.enum(['male', 'female', 'non_binary', 'prefer_not_to_say', 'other']);
export type Gender = z.infer<typeof genderSchema>;
export const GENDERS = genderSchema.options;

export const measurementSystemSchema = z.enum(['metric', 'imperial']);
export type MeasurementSystem = z.infer<typeof measurementSystemSchema>;
export const MEASUREMENT_SYSTEMS = measurementSystemSchema.options;

export const goalSchema = z.enum(['weight_loss', 'muscle_gain', 'wellness']);
export type Goal = z.infer<typeof goalSchema>;
export const GOALS = goalSchema.options;

export const bmiCategorySchema = z.enum(['Underweight', 'Normal', 'Overweight', 'Obese']);
export type BmiCategory = z.infer<typeof bmiCategorySchema>;
export const BMI_CATEGORIES = bmiCategorySchema.options;

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
