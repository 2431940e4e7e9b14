import { describe, expect, it } from 'vitest';
import { defaultFormValues, feetInchesToInches, inchesToFeetInches } from './form-defaults';
import { healthFormSchema, heightSelectionSchema } from './form-schema';

const imperialForm = {
  age: 30,
  gender: 'male',
  activityLevel: 'sedentary',
  measurementSystem: 'imperial',
  weight: 170,
  height: 69,
};
const metricForm = { ...imperialForm, measurementSystem: 'metric', weight: 80, height: 180 };

/** The messages the form would show under `field`. */
function messagesUnder(input: unknown, field: string): string[] {
  const result = healthFormSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
}

describe('calculator form: weight and height bounds', () => {
  it.each([
    // metric weight 30..300 kg
    { system: 'metric', field: 'weight', value: 29.9, message: 'Weight must be between 30kg and 300kg' },
    { system: 'metric', field: 'weight', value: 30, message: undefined },
    { system: 'metric', field: 'weight', value: 300, message: undefined },
    { system: 'metric', field: 'weight', value: 300.1, message: 'Weight must be between 30kg and 300kg' },
    // a valid weight in pounds is still too heavy in kilograms
    { system: 'metric', field: 'weight', value: 500, message: 'Weight must be between 30kg and 300kg' },
    // metric height 100..250 cm; the 60 exemption is imperial only
    { system: 'metric', field: 'height', value: 99.9, message: 'Height must be between 100cm and 250cm' },
    { system: 'metric', field: 'height', value: 100, message: undefined },
    { system: 'metric', field: 'height', value: 250, message: undefined },
    { system: 'metric', field: 'height', value: 250.1, message: 'Height must be between 100cm and 250cm' },
    { system: 'metric', field: 'height', value: 60, message: 'Height must be between 100cm and 250cm' },
    // imperial weight 50..800 lb
    { system: 'imperial', field: 'weight', value: 49.9, message: 'Weight must be between 50lbs and 800lbs' },
    { system: 'imperial', field: 'weight', value: 50, message: undefined },
    { system: 'imperial', field: 'weight', value: 800, message: undefined },
    { system: 'imperial', field: 'weight', value: 800.1, message: 'Weight must be between 50lbs and 800lbs' },
    { system: 'imperial', field: 'weight', value: 40, message: 'Weight must be between 50lbs and 800lbs' },
    // imperial height 39..98 in, 60 exempt from the lower bound
    {
      system: 'imperial',
      field: 'height',
      value: 38.9,
      message: 'Height must be between 39 inches and 98 inches',
    },
    { system: 'imperial', field: 'height', value: 39, message: undefined },
    { system: 'imperial', field: 'height', value: 60, message: undefined },
    { system: 'imperial', field: 'height', value: 98, message: undefined },
    {
      system: 'imperial',
      field: 'height',
      value: 98.1,
      message: 'Height must be between 39 inches and 98 inches',
    },
    {
      system: 'imperial',
      field: 'height',
      value: 180,
      message: 'Height must be between 39 inches and 98 inches',
    },
  ])('$system $field $value → $message', ({ system, field, value, message }) => {
    const base = system === 'metric' ? metricForm : imperialForm;
    const input = { ...base, [field]: value };
    expect(messagesUnder(input, field)).toEqual(message === undefined ? [] : [message]);
    expect(healthFormSchema.safeParse(input).success).toBe(message === undefined);
  });

  it.each([
    { field: 'weight', value: undefined, message: 'Weight is required' },
    { field: 'weight', value: '', message: 'Weight is required' },
    { field: 'weight', value: Number.NaN, message: 'Weight is required' },
    { field: 'height', value: undefined, message: 'Height is required' },
    { field: 'height', value: 'tall', message: 'Height is required' },
  ])('missing or non-numeric $field ($value) → $message', ({ field, value, message }) => {
    expect(messagesUnder({ ...imperialForm, [field]: value }, field)).toEqual([message]);
  });

  it('shows the weight message even when another field is empty', () => {
    const input = { ...imperialForm, age: '', weight: 1000 };
    expect(messagesUnder(input, 'age')).toEqual(['Age is required']);
    expect(messagesUnder(input, 'weight')).toEqual(['Weight must be between 50lbs and 800lbs']);
  });
});

describe('calculator form: age', () => {
  it.each([
    { value: 17, message: 'Age must be between 18 and 120' },
    { value: 17.9, message: 'Age must be between 18 and 120' },
    { value: 18, message: undefined },
    { value: 120, message: undefined },
    { value: 121, message: 'Age must be between 18 and 120' },
    { value: -5, message: 'Age must be between 18 and 120' },
    { value: '', message: 'Age is required' },
    { value: undefined, message: 'Age is required' },
    { value: 'thirty', message: 'Age is required' },
  ])('age $value → $message', ({ value, message }) => {
    expect(messagesUnder({ ...imperialForm, age: value }, 'age')).toEqual(
      message === undefined ? [] : [message],
    );
  });

  it('accepts numbers typed as text and returns them as numbers', () => {
    const result = healthFormSchema.parse({ ...imperialForm, age: ' 45 ', weight: '170.5', height: '69' });
    expect(result).toMatchObject({ age: 45, weight: 170.5, height: 69 });
  });
});

describe('calculator form: enumerations', () => {
  it.each([
    { field: 'gender', value: 'alien' },
    { field: 'activityLevel', value: 'couch' },
    { field: 'measurementSystem', value: 'nautical' },
    { field: 'gender', value: undefined },
  ])('rejects $field = $value under that field', ({ field, value }) => {
    expect(messagesUnder({ ...imperialForm, [field]: value }, field)).toHaveLength(1);
  });

  it.each(['male', 'female', 'non_binary', 'prefer_not_to_say', 'other'])('accepts gender %s', (gender) => {
    expect(healthFormSchema.safeParse({ ...imperialForm, gender }).success).toBe(true);
  });

  it.each(['sedentary', 'lightly_active', 'moderately_active', 'very_active', 'extra_active'])(
    'accepts activity level %s',
    (activityLevel) => {
      expect(healthFormSchema.safeParse({ ...imperialForm, activityLevel }).success).toBe(true);
    },
  );
});

describe('calculator form: optional fields', () => {
  it.each([
    { value: '', expected: undefined },
    { value: '   ', expected: undefined },
    { value: null, expected: undefined },
    { value: undefined, expected: undefined },
    { value: 32, expected: 32 },
    { value: '32.5', expected: 32.5 },
  ])('waist and hip $value → $expected', ({ value, expected }) => {
    const result = healthFormSchema.parse({ ...imperialForm, waist: value, hip: value });
    expect(result.waist).toBe(expected);
    expect(result.hip).toBe(expected);
  });

  it.each([0, -3, 'wide'])('rejects waist and hip %s', (value) => {
    const input = { ...imperialForm, waist: value, hip: value };
    expect(messagesUnder(input, 'waist')).toEqual(['Waist must be a positive number']);
    expect(messagesUnder(input, 'hip')).toEqual(['Hip must be a positive number']);
  });

  it('keeps a gender specification and an e-mail, and drops them when empty', () => {
    const filled = healthFormSchema.parse({
      ...imperialForm,
      genderSpecification: 'agender',
      email: 'a@b.co',
    });
    expect(filled).toMatchObject({ genderSpecification: 'agender', email: 'a@b.co' });
    const empty = healthFormSchema.parse({ ...imperialForm, genderSpecification: '', email: '' });
    expect(empty.genderSpecification).toBeUndefined();
    expect(empty.email).toBeUndefined();
  });

  it('rejects a malformed e-mail under the email field', () => {
    expect(messagesUnder({ ...imperialForm, email: 'not-an-email' }, 'email')).toEqual([
      'Please enter a valid email address',
    ]);
  });
});

describe('calculator form: whole inputs', () => {
  it.each([null, undefined, 42, 'form', [], {}])('does not throw on %s', (input) => {
    expect(healthFormSchema.safeParse(input).success).toBe(false);
  });

  it('parses a complete imperial form', () => {
    expect(healthFormSchema.parse({ ...imperialForm, waist: '', hip: '' })).toEqual({
      age: 30,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 170,
      height: 69,
      waist: undefined,
      hip: undefined,
      genderSpecification: undefined,
      email: undefined,
    });
  });

  it('starts from the spec defaults: imperial, prefer_not_to_say, 60 inches, sedentary, the rest empty', () => {
    expect(defaultFormValues).toEqual({
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
    expect(Object.isFrozen(defaultFormValues)).toBe(true);
  });
});

describe('height selects', () => {
  it.each([
    { feet: 4, inches: 0, total: 48 },
    { feet: 5, inches: 0, total: 60 },
    { feet: 5, inches: 9, total: 69 },
    { feet: 7, inches: 11, total: 95 },
  ])('$feet ft $inches in → $total in', ({ feet, inches, total }) => {
    expect(feetInchesToInches(feet, inches)).toBe(total);
    expect(heightSelectionSchema.parse({ feet, inches })).toBe(total);
    expect(heightSelectionSchema.parse({ feet: String(feet), inches: String(inches) })).toBe(total);
    expect(inchesToFeetInches(total)).toEqual({ feet, inches });
  });

  it.each([
    { feet: 3, inches: 11, message: 'Feet must be between 4 and 7' },
    { feet: 8, inches: 0, message: 'Feet must be between 4 and 7' },
    { feet: 5.5, inches: 0, message: 'Feet must be between 4 and 7' },
    { feet: '', inches: 0, message: 'Feet must be between 4 and 7' },
    { feet: 5, inches: 12, message: 'Inches must be between 0 and 11' },
    { feet: 5, inches: -1, message: 'Inches must be between 0 and 11' },
  ])('rejects $feet ft $inches in: $message', ({ feet, inches, message }) => {
    const result = heightSelectionSchema.safeParse({ feet, inches });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
