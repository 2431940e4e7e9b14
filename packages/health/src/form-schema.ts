// The calculator form (spec §3 form payload, §5 validation). Messages attach to the field's path so the
// form can show each one under its field.
import { z } from 'zod';
import { feetInchesToInches } from './form-defaults';
import {
  AGE_MAX,
  AGE_MIN,
  AGE_RANGE_MESSAGE,
  AGE_REQUIRED_MESSAGE,
  EMAIL_MESSAGE,
  FEET_MESSAGE,
  HEIGHT_FEET_OPTIONS,
  HEIGHT_INCH_OPTIONS,
  HEIGHT_REQUIRED_MESSAGE,
  HIP_MESSAGE,
  IMPERIAL_HEIGHT_EXEMPT_IN,
  IMPERIAL_HEIGHT_IN,
  IMPERIAL_HEIGHT_MESSAGE,
  IMPERIAL_WEIGHT_LB,
  IMPERIAL_WEIGHT_MESSAGE,
  INCHES_MESSAGE,
  METRIC_HEIGHT_CM,
  METRIC_HEIGHT_MESSAGE,
  METRIC_WEIGHT_KG,
  METRIC_WEIGHT_MESSAGE,
  WAIST_MESSAGE,
  WEIGHT_REQUIRED_MESSAGE,
} from './constants';
import { activityLevelSchema, genderSchema, measurementSystemSchema, type MeasurementSystem } from './enums';

/**
 * What a form control hands over, made a number: an empty string, null or NaN (an empty
 * `valueAsNumber`) means "not given"; a numeric string (a select's value) becomes its number; anything
 * else passes through untouched so zod reports it as the wrong type.
 */
function formNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    const parsed = Number(text);
    return Number.isNaN(parsed) ? value : parsed;
  }
  return value;
}

function emptyToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

const requiredNumber = (requiredMessage: string) =>
  z.preprocess(formNumber, z.number({ error: requiredMessage }));
const optionalPositiveNumber = (message: string) =>
  z.preprocess(formNumber, z.number({ error: message }).positive(message).optional());

const fieldsSchema = z.object({
  age: z.preprocess(
    formNumber,
    z.number({ error: AGE_REQUIRED_MESSAGE }).min(AGE_MIN, AGE_RANGE_MESSAGE).max(AGE_MAX, AGE_RANGE_MESSAGE),
  ),
  gender: genderSchema,
  genderSpecification: z.preprocess(emptyToUndefined, z.string().optional()),
  activityLevel: activityLevelSchema,
  measurementSystem: measurementSystemSchema,
  weight: requiredNumber(WEIGHT_REQUIRED_MESSAGE),
  height: requiredNumber(HEIGHT_REQUIRED_MESSAGE),
  waist: optionalPositiveNumber(WAIST_MESSAGE),
  hip: optionalPositiveNumber(HIP_MESSAGE),
  email: z.preprocess(emptyToUndefined, z.email(EMAIL_MESSAGE).optional()),
});

type BoundsCheck = { weightOk: (kgOrLb: number) => boolean; heightOk: (cmOrIn: number) => boolean };
const BOUNDS: Record<MeasurementSystem, BoundsCheck & { weightMessage: string; heightMessage: string }> = {
  metric: {
    weightOk: (kg) => kg >= METRIC_WEIGHT_KG.min && kg <= METRIC_WEIGHT_KG.max,
    heightOk: (cm) => cm >= METRIC_HEIGHT_CM.min && cm <= METRIC_HEIGHT_CM.max,
    weightMessage: METRIC_WEIGHT_MESSAGE,
    heightMessage: METRIC_HEIGHT_MESSAGE,
  },
  imperial: {
    weightOk: (lb) => lb >= IMPERIAL_WEIGHT_LB.min && lb <= IMPERIAL_WEIGHT_LB.max,
    heightOk: (inches) =>
      (inches >= IMPERIAL_HEIGHT_IN.min || inches === IMPERIAL_HEIGHT_EXEMPT_IN) &&
      inches <= IMPERIAL_HEIGHT_IN.max,
    weightMessage: IMPERIAL_WEIGHT_MESSAGE,
    heightMessage: IMPERIAL_HEIGHT_MESSAGE,
  },
};

export const healthFormSchema = fieldsSchema.superRefine(
  (form, ctx) => {
    // Runs even when other fields failed (see `when`), so the values are checked before use.
    const system = measurementSystemSchema.safeParse(form.measurementSystem);
    if (!system.success) return;
    const bounds = BOUNDS[system.data];
    if (typeof form.weight === 'number' && !bounds.weightOk(form.weight)) {
      ctx.addIssue({ code: 'custom', path: ['weight'], message: bounds.weightMessage });
    }
    if (typeof form.height === 'number' && !bounds.heightOk(form.height)) {
      ctx.addIssue({ code: 'custom', path: ['height'], message: bounds.heightMessage });
    }
  },
  // By default zod skips this check when any field has a type error (e.g. an empty age); the visitor
  // should still see the weight and height messages at the same time.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** The validated form payload that calculateHealthMetrics takes. */
export type HealthFormValues = z.output<typeof healthFormSchema>;

const [minFeet, maxFeet] = [HEIGHT_FEET_OPTIONS[0], HEIGHT_FEET_OPTIONS[HEIGHT_FEET_OPTIONS.length - 1]!];
const [minInches, maxInches] = [HEIGHT_INCH_OPTIONS[0], HEIGHT_INCH_OPTIONS[HEIGHT_INCH_OPTIONS.length - 1]!];

/**
 * The height selects (feet 4–7, inches 0–11) parsed into total inches; a total above 98 is rejected
 * with the imperial height message (spec §2). With these selects the largest total is 95, so that last
 * rule only guards against values that did not come from the selects.
 */
export const heightSelectionSchema = z
  .object({
    feet: z.preprocess(
      formNumber,
      z.int({ error: FEET_MESSAGE }).min(minFeet, FEET_MESSAGE).max(maxFeet, FEET_MESSAGE),
    ),
    inches: z.preprocess(
      formNumber,
      z.int({ error: INCHES_MESSAGE }).min(minInches, INCHES_MESSAGE).max(maxInches, INCHES_MESSAGE),
    ),
  })
  .transform(({ feet, inches }) => feetInchesToInches(feet, inches))
  .pipe(z.number().max(IMPERIAL_HEIGHT_IN.max, IMPERIAL_HEIGHT_MESSAGE));
