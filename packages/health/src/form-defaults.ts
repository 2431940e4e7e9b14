// The form's starting values and the height selects' arithmetic: plain data and functions, no
// validation library, so a page can render the form before the validation module (form-schema.ts) loads.
import { INCHES_PER_FOOT } from './constants';
import type { ActivityLevel, Gender, MeasurementSystem } from './enums';

/** The form before it is filled in: the number fields may still be empty. */
export interface HealthFormDraft {
  age: number | undefined;
  gender: Gender;
  genderSpecification: string | undefined;
  activityLevel: ActivityLevel;
  measurementSystem: MeasurementSystem;
  weight: number | undefined;
  height: number | undefined;
  waist: number | undefined;
  hip: number | undefined;
  email: string | undefined;
}

// Spec §3: imperial, gender prefer_not_to_say, height 60 inches, activity sedentary, all others empty.
export const defaultFormValues: Readonly<HealthFormDraft> = Object.freeze({
  age: undefined,
  gender: 'prefer_not_to_say',
  genderSpecification: undefined,
  activityLevel: 'sedentary',
  measurementSystem: 'imperial',
  weight: undefined,
  height: 60,
  waist: undefined,
  hip: undefined,
  email: undefined,
});

export function feetInchesToInches(feet: number, inches: number): number {
  return feet * INCHES_PER_FOOT + inches;
}

/** Splits a stored total (e.g. the default 60) back into the two selects: 60 → { feet: 5, inches: 0 }. */
export function inchesToFeetInches(totalInches: number): { feet: number; inches: number } {
  const feet = Math.floor(totalInches / INCHES_PER_FOOT);
  return { feet, inches: totalInches - feet * INCHES_PER_FOOT };
}
