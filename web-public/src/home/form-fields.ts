// The calculator form as the visitor types it: every field is the text of its control, so a half-typed
// value survives a reload exactly as it was. The health engine's schema turns it into the form payload.
import {
  defaultFormValues,
  HEIGHT_FEET_OPTIONS,
  INCH_TO_CM,
  INCHES_PER_FOOT,
  KG_TO_LB,
  LB_TO_KG,
  roundTo,
  type MeasurementSystem,
} from '@bodymetrics/health';

export const FORM_FIELD_NAMES = [
  'age',
  'gender',
  'genderSpecification',
  'activityLevel',
  'measurementSystem',
  'weight',
  'height',
  'waist',
  'hip',
] as const;
export type FormFieldName = (typeof FORM_FIELD_NAMES)[number];
export type FormFields = Record<FormFieldName, string>;
export type FieldErrors = Partial<Record<FormFieldName, string>>;

/** The order the fields appear on screen: the first invalid one in this order gets the focus. */
export const FIELD_SCREEN_ORDER: readonly FormFieldName[] = [
  'measurementSystem',
  'age',
  'gender',
  'height',
  'weight',
  'waist',
  'hip',
  'activityLevel',
];

const asText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** Spec §3 defaults: imperial, prefer_not_to_say, 60 inches, sedentary, everything else empty. */
export function initialFormFields(): FormFields {
  return {
    age: asText(defaultFormValues.age),
    gender: defaultFormValues.gender,
    genderSpecification: asText(defaultFormValues.genderSpecification),
    activityLevel: defaultFormValues.activityLevel,
    measurementSystem: defaultFormValues.measurementSystem,
    weight: asText(defaultFormValues.weight),
    height: asText(defaultFormValues.height),
    waist: asText(defaultFormValues.waist),
    hip: asText(defaultFormValues.hip),
  };
}

// The height selects can show 4 ft 0 in to 7 ft 11 in.
const SELECTABLE_INCHES = {
  min: HEIGHT_FEET_OPTIONS[0] * INCHES_PER_FOOT,
  max: HEIGHT_FEET_OPTIONS[HEIGHT_FEET_OPTIONS.length - 1]! * INCHES_PER_FOOT + INCHES_PER_FOOT - 1,
};

function selectableInches(text: string): boolean {
  const inches = Number(text);
  return Number.isInteger(inches) && inches >= SELECTABLE_INCHES.min && inches <= SELECTABLE_INCHES.max;
}

/**
 * Form fields read back from storage: unknown keys are dropped, non-text values become empty, and an
 * imperial height the two selects cannot show falls back to the default (the selects would otherwise
 * display a height the visitor did not pick).
 */
export function formFieldsFrom(value: unknown): FormFields {
  const fields = initialFormFields();
  if (typeof value !== 'object' || value === null) return fields;
  const record = value as Record<string, unknown>;
  for (const name of FORM_FIELD_NAMES) {
    const stored = record[name];
    if (typeof stored === 'string' && stored.length <= 64) fields[name] = stored;
  }
  if (fields.measurementSystem !== 'metric') fields.measurementSystem = 'imperial';
  if (fields.measurementSystem === 'imperial' && !selectableInches(fields.height)) {
    fields.height = asText(defaultFormValues.height);
  }
  return fields;
}

function convert(text: string, factor: number, decimals: number): string {
  if (text.trim() === '') return text;
  const value = Number(text);
  return Number.isFinite(value) ? String(roundTo(value * factor, decimals)) : text;
}

/**
 * The visible metric/imperial switch (beyond the spec's imperial-only form): the values already typed are
 * converted with the engine's unit factors, so switching does not throw the visitor's input away.
 */
export function switchMeasurementSystem(fields: FormFields, to: MeasurementSystem): FormFields {
  if (fields.measurementSystem === to) return fields;
  if (to === 'metric') {
    return {
      ...fields,
      measurementSystem: 'metric',
      weight: convert(fields.weight, LB_TO_KG, 1),
      height: convert(fields.height, INCH_TO_CM, 0),
      waist: convert(fields.waist, INCH_TO_CM, 1),
      hip: convert(fields.hip, INCH_TO_CM, 1),
    };
  }
  const inches = Number(convert(fields.height, 1 / INCH_TO_CM, 0));
  const height =
    fields.height.trim() !== '' && Number.isFinite(inches)
      ? String(Math.min(SELECTABLE_INCHES.max, Math.max(SELECTABLE_INCHES.min, inches)))
      : asText(defaultFormValues.height);
  return {
    ...fields,
    measurementSystem: 'imperial',
    weight: convert(fields.weight, KG_TO_LB, 1),
    height,
    waist: convert(fields.waist, 1 / INCH_TO_CM, 1),
    hip: convert(fields.hip, 1 / INCH_TO_CM, 1),
  };
}
