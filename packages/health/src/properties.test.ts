// Invariants over random inputs; the example tables live next to each module's tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateHealthMetrics } from './calculate';
import type { HealthFormValues } from './form-schema';
import { healthFormSchema } from './form-schema';
import { bmiColorBand, bmiGaugePosition } from './indicators';

const gender = fc.constantFrom('male', 'female', 'non_binary', 'prefer_not_to_say', 'other' as const);
const activityLevel = fc.constantFrom(
  'sedentary',
  'lightly_active',
  'moderately_active',
  'very_active',
  'extra_active' as const,
);
const within = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const optionalLength = (min: number, max: number) => fc.option(within(min, max), { nil: undefined });

/** Any form the calculator accepts (spec §5 bounds), metric or imperial. */
const validForm: fc.Arbitrary<HealthFormValues> = fc.oneof(
  fc.record({
    age: within(18, 120),
    gender,
    activityLevel,
    measurementSystem: fc.constant('metric' as const),
    weight: within(30, 300),
    height: within(100, 250),
    waist: optionalLength(40, 200),
    hip: optionalLength(50, 200),
  }),
  fc.record({
    age: within(18, 120),
    gender,
    activityLevel,
    measurementSystem: fc.constant('imperial' as const),
    weight: within(50, 800),
    height: within(39, 98),
    waist: optionalLength(16, 80),
    hip: optionalLength(20, 80),
  }),
);

describe('properties of a calculated report', () => {
  it('every valid form passes the schema and yields a report', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        expect(healthFormSchema.safeParse(form).success).toBe(true);
        expect(() => calculateHealthMetrics(form)).not.toThrow();
      }),
    );
  });

  it('body fat is always within 5..60 and has one decimal', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        const { bodyFatPercentage } = calculateHealthMetrics(form);
        expect(bodyFatPercentage).toBeGreaterThanOrEqual(5);
        expect(bodyFatPercentage).toBeLessThanOrEqual(60);
        expect(Number(bodyFatPercentage.toFixed(1))).toBe(bodyFatPercentage);
      }),
    );
  });

  it('metabolic age is always a whole number within 18..85', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        const { metabolicAge } = calculateHealthMetrics(form);
        expect(Number.isInteger(metabolicAge)).toBe(true);
        expect(metabolicAge).toBeGreaterThanOrEqual(18);
        expect(metabolicAge).toBeLessThanOrEqual(85);
      }),
    );
  });

  it('the category and the bridge band agree with the one-decimal BMI shown', () => {
    const bandFor = {
      Underweight: 'Underweight',
      Normal: 'Normal Weight',
      Overweight: 'Overweight',
      Obese: 'Obese',
    };
    fc.assert(
      fc.property(validForm, (form) => {
        const { bmi, bmiCategory } = calculateHealthMetrics(form);
        expect(Number(bmi.toFixed(1))).toBe(bmi);
        const expected = bmi < 18.5 ? 'Underweight' : bmi < 25 ? 'Normal' : bmi < 30 ? 'Overweight' : 'Obese';
        expect(bmiCategory).toBe(expected);
        expect(bmiColorBand(bmi).label).toBe(bandFor[bmiCategory]);
      }),
    );
  });

  it('the ideal weight range is positive and ordered', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        const { idealWeight } = calculateHealthMetrics(form);
        expect(idealWeight.min).toBeGreaterThan(0);
        expect(idealWeight.max).toBeGreaterThan(idealWeight.min);
      }),
    );
  });

  it('WHR is present exactly when both waist and hip are given', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        const { whr } = calculateHealthMetrics(form);
        expect(whr !== undefined).toBe(form.waist !== undefined && form.hip !== undefined);
      }),
    );
  });
});

describe('properties of the BMI gauge', () => {
  it('stays within 0..100 for any number', () => {
    fc.assert(
      fc.property(fc.double(), (bmi) => {
        const position = bmiGaugePosition(bmi);
        expect(position).toBeGreaterThanOrEqual(0);
        expect(position).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('never moves left as BMI grows', () => {
    const bmi = fc.oneof(fc.double({ noNaN: true }), within(5, 45), fc.constantFrom(10, 18.5, 25, 30, 40));
    fc.assert(
      fc.property(bmi, bmi, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(bmiGaugePosition(low)).toBeLessThanOrEqual(bmiGaugePosition(high));
      }),
    );
  });
});

describe('properties of the form schema', () => {
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => healthFormSchema.safeParse(input)).not.toThrow();
      }),
    );
  });

  it('never throws on forms with arbitrary field values', () => {
    const anyField = fc.oneof(fc.anything(), fc.double(), fc.string(), fc.constantFrom('', null, undefined));
    const anyForm = fc.record(
      {
        age: anyField,
        gender: fc.oneof(gender, anyField),
        activityLevel: fc.oneof(activityLevel, anyField),
        measurementSystem: fc.oneof(fc.constantFrom('metric', 'imperial'), anyField),
        weight: anyField,
        height: anyField,
        waist: anyField,
        hip: anyField,
        email: anyField,
        genderSpecification: anyField,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(anyForm, (input) => {
        const result = healthFormSchema.safeParse(input);
        if (result.success) expect(() => calculateHealthMetrics(result.data)).not.toThrow();
      }),
    );
  });
});
