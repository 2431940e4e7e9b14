import { describe, expect, it } from 'vitest';
import { checkForm } from './form-check';
import { initialFormFields, switchMeasurementSystem, type FormFields } from './form-fields';

const filled: FormFields = { ...initialFormFields(), age: '35', gender: 'male', weight: '180', height: '70' };

describe('the calculator form', () => {
  it('starts with the spec defaults', () => {
    expect(initialFormFields()).toEqual({
      age: '',
      gender: 'prefer_not_to_say',
      genderSpecification: '',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: '',
      height: '60',
      waist: '',
      hip: '',
    });
  });

  it('turns a valid form into the payload with numbers and no empty optionals', () => {
    const check = checkForm({ ...filled, waist: '34', hip: '' });
    expect(check).toEqual({
      ok: true,
      values: {
        age: 35,
        gender: 'male',
        activityLevel: 'sedentary',
        measurementSystem: 'imperial',
        weight: 180,
        height: 70,
        waist: 34,
      },
    });
  });

  it('puts the spec messages under weight and height, one per field', () => {
    const imperial = checkForm({ ...filled, weight: '20', height: '99' });
    expect(imperial).toEqual({
      ok: false,
      errors: {
        weight: 'Weight must be between 50lbs and 800lbs',
        height: 'Height must be between 39 inches and 98 inches',
      },
    });
    const metric = checkForm({ ...filled, measurementSystem: 'metric', weight: '400', height: '90' });
    expect(metric).toEqual({
      ok: false,
      errors: {
        weight: 'Weight must be between 30kg and 300kg',
        height: 'Height must be between 100cm and 250cm',
      },
    });
  });

  it('reports a missing age together with the other fields', () => {
    const check = checkForm({ ...filled, age: '', weight: '' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(['age', 'weight']);
  });
});

describe('the metric/imperial switch', () => {
  it('converts what was typed', () => {
    const metric = switchMeasurementSystem({ ...filled, waist: '32' }, 'metric');
    expect(metric).toMatchObject({
      measurementSystem: 'metric',
      weight: '81.6',
      height: '178',
      waist: '81.3',
      hip: '',
    });
    const back = switchMeasurementSystem(metric, 'imperial');
    expect(back).toMatchObject({ measurementSystem: 'imperial', weight: '179.9', height: '70', waist: '32' });
  });

  it('keeps an imperial height within what the selects can show', () => {
    expect(
      switchMeasurementSystem({ ...filled, measurementSystem: 'metric', height: '249' }, 'imperial').height,
    ).toBe('95');
    expect(
      switchMeasurementSystem({ ...filled, measurementSystem: 'metric', height: '' }, 'imperial').height,
    ).toBe('60');
  });

  it('leaves the form alone when the system does not change', () => {
    expect(switchMeasurementSystem(filled, 'imperial')).toBe(filled);
  });
});
