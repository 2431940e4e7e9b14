// Expected values are worked out by hand from spec §9 (exact decimals), never with the code under test.
import { describe, expect, it } from 'vitest';
import { activityMultiplier, basalMetabolicRate, calculateHealthMetrics, classifyBmi } from './calculate';
import type { HealthFormValues } from './form-schema';

const maleMetric: HealthFormValues = {
  age: 30,
  gender: 'male',
  activityLevel: 'moderately_active',
  measurementSystem: 'metric',
  weight: 80,
  height: 180,
  waist: 85,
  hip: 100,
};

describe('calculateHealthMetrics: whole reports', () => {
  it('male, 30 y, 180 cm, 80 kg, moderately active, waist 85 cm, hip 100 cm', () => {
    // BMI 80 / 1.8² = 24.69 → 24.7 Normal. Body fat 1.2·24.7 + 0.23·30 − 10.8 − 5.4 = 20.34 → 20.3.
    // BMR 800 + 1125 − 150 + 5 = 1780 (published Mifflin-St Jeor example); TDEE 1780 · 1.55 = 2759.
    // Ideal: 48 + 1.1 · 27.6 = 78.36 kg → 70.524..86.196 → 70.5..86.2. Metabolic age 30·1800/1780 = 30.3 → 30.
    expect(calculateHealthMetrics(maleMetric)).toEqual({
      bmi: 24.7,
      bmiCategory: 'Normal',
      bodyFatPercentage: 20.3,
      bmr: 1780,
      tdee: 2759,
      whr: 0.85,
      gender: 'male',
      email: undefined,
      age: 30,
      weight: 80,
      height: 180,
      waist: 85,
      hip: 100,
      activityLevel: 'moderately_active',
      measurementSystem: 'metric',
      idealWeight: { min: 70.5, max: 86.2 },
      metabolicAge: 30,
    });
  });

  it('female, 30 y, 165 cm, 60 kg, sedentary, no waist or hip', () => {
    // BMI 60 / 1.65² = 22.04 → 22.0. Body fat 26.4 + 6.9 − 5.4 = 27.9. BMR 600 + 1031.25 − 150 − 161 =
    // 1320.25 → 1320; TDEE 1320.25 · 1.2 = 1584.3 → 1584. Ideal 45.5 + 0.9 · 12.6 = 56.84 → 51.156..62.524.
    // Metabolic age 30 · 1400 / 1320.25 = 31.8 → 32.
    const result = calculateHealthMetrics({
      age: 30,
      gender: 'female',
      activityLevel: 'sedentary',
      measurementSystem: 'metric',
      weight: 60,
      height: 165,
      email: 'ana@example.com',
    });
    expect(result).toEqual({
      bmi: 22,
      bmiCategory: 'Normal',
      bodyFatPercentage: 27.9,
      bmr: 1320,
      tdee: 1584,
      gender: 'female',
      email: 'ana@example.com',
      age: 30,
      weight: 60,
      height: 165,
      waist: undefined,
      hip: undefined,
      activityLevel: 'sedentary',
      measurementSystem: 'metric',
      idealWeight: { min: 51.2, max: 62.5 },
      metabolicAge: 32,
    });
    expect('whr' in result).toBe(false);
  });

  it('imperial male, 40 y, 5′9″ (69 in), 169 lb, lightly active, waist 34 in, hip 40 in', () => {
    // 169 lb = 76.657 kg, 69 in = 175.26 cm: BMI 24.957 → 25.0, classified after rounding → Overweight.
    // Body fat 1.2·25 + 9.2 − 16.2 = 23.0. BMR 766.570 + 1095.375 − 200 + 5 = 1666.945 → 1667;
    // TDEE ·1.375 = 2292.05 → 2292. Ideal 48 + 1.1 · 22.86 = 73.146 kg → 65.83..80.46 kg = 145.13..177.39 lb.
    // Metabolic age 40 · 1800 / 1666.945 = 43.2 → 43. WHR 34/40 = 0.85.
    expect(
      calculateHealthMetrics({
        age: 40,
        gender: 'male',
        activityLevel: 'lightly_active',
        measurementSystem: 'imperial',
        weight: 169,
        height: 69,
        waist: 34,
        hip: 40,
      }),
    ).toMatchObject({
      bmi: 25,
      bmiCategory: 'Overweight',
      bodyFatPercentage: 23,
      bmr: 1667,
      tdee: 2292,
      whr: 0.85,
      weight: 169,
      height: 69,
      waist: 34,
      hip: 40,
      idealWeight: { min: 145, max: 177 },
      metabolicAge: 43,
    });
  });

  it('non-binary, imperial, 36 y, 65 in, 150 lb, very active (the "other" constants)', () => {
    // 68.0388 kg, 165.1 cm: BMI 24.961 → 25.0 Overweight. Body fat 30 + 8.28 − 5.4 − 5.4 = 27.48 → 27.5.
    // BMR 680.388 + 1031.875 − 180 − 78 = 1454.263 → 1454; TDEE ·1.725 = 2508.6 → 2509.
    // Ideal 46.75 + 12.7 = 59.45 kg → 53.505..65.395 kg = 117.96..144.17 lb. Metabolic age 36·1600/1454.263 = 39.6 → 40.
    expect(
      calculateHealthMetrics({
        age: 36,
        gender: 'non_binary',
        activityLevel: 'very_active',
        measurementSystem: 'imperial',
        weight: 150,
        height: 65,
      }),
    ).toMatchObject({
      bmi: 25,
      bmiCategory: 'Overweight',
      bodyFatPercentage: 27.5,
      bmr: 1454,
      tdee: 2509,
      gender: 'non_binary',
      idealWeight: { min: 118, max: 144 },
      metabolicAge: 40,
    });
  });

  it('prefer_not_to_say, metric, 50 y, 170.5 cm, 96 kg, extra active, waist 100, hip 105', () => {
    // BMI 96 / 1.705² = 33.02 → 33.0 Obese. Body fat 39.6 + 11.5 − 5.4 − 5.4 = 40.3. BMR 960 + 1065.625 −
    // 250 − 78 = 1697.625 → 1698; TDEE ·1.9 = 3225.49 → 3225. Ideal 46.75 + 18.1 = 64.85 → 58.365..71.335.
    // Metabolic age 50 · 1600 / 1697.625 = 47.1 → 47. WHR 100/105 = 0.952 → 0.95.
    expect(
      calculateHealthMetrics({
        age: 50,
        gender: 'prefer_not_to_say',
        activityLevel: 'extra_active',
        measurementSystem: 'metric',
        weight: 96,
        height: 170.5,
        waist: 100,
        hip: 105,
      }),
    ).toMatchObject({
      bmi: 33,
      bmiCategory: 'Obese',
      bodyFatPercentage: 40.3,
      bmr: 1698,
      tdee: 3225,
      whr: 0.95,
      idealWeight: { min: 58.4, max: 71.3 },
      metabolicAge: 47,
    });
  });

  it('underweight female, metric, 22 y, 171 cm, 45 kg, lightly active', () => {
    // BMI 45 / 1.71² = 15.39 → 15.4 Underweight. Body fat 18.48 + 5.06 − 5.4 = 18.14 → 18.1.
    // BMR 450 + 1068.75 − 110 − 161 = 1247.75 → 1248; TDEE ·1.375 = 1715.66 → 1716.
    // Ideal 45.5 + 0.9 · 18.6 = 62.24 → 56.016..68.464. Metabolic age 22 · 1400 / 1247.75 = 24.7 → 25.
    expect(
      calculateHealthMetrics({
        age: 22,
        gender: 'female',
        activityLevel: 'lightly_active',
        measurementSystem: 'metric',
        weight: 45,
        height: 171,
      }),
    ).toMatchObject({
      bmi: 15.4,
      bmiCategory: 'Underweight',
      bodyFatPercentage: 18.1,
      bmr: 1248,
      tdee: 1716,
      idealWeight: { min: 56, max: 68.5 },
      metabolicAge: 25,
    });
  });
});

describe('BMI is rounded to one decimal before it is classified', () => {
  const fiveFootNine = (weight: number): HealthFormValues => ({
    age: 40,
    gender: 'male',
    activityLevel: 'sedentary',
    measurementSystem: 'imperial',
    weight,
    height: 69,
  });

  it.each([
    // 168 lb → 24.809 → 24.8; 169 lb → 24.957 → 25.0 (Overweight although the raw value is below 25).
    { weight: 168, bmi: 24.8, category: 'Normal' },
    { weight: 169, bmi: 25, category: 'Overweight' },
  ])('5′9″ and $weight lb → $bmi $category', ({ weight, bmi, category }) => {
    const result = calculateHealthMetrics(fiveFootNine(weight));
    expect(result.bmi).toBe(bmi);
    expect(result.bmiCategory).toBe(category);
  });

  it.each([
    { bmi: 10, category: 'Underweight' },
    { bmi: 18.4, category: 'Underweight' },
    { bmi: 18.5, category: 'Normal' },
    { bmi: 24.9, category: 'Normal' },
    { bmi: 25, category: 'Overweight' },
    { bmi: 29.9, category: 'Overweight' },
    { bmi: 30, category: 'Obese' },
    { bmi: 55, category: 'Obese' },
  ])('classifyBmi($bmi) → $category', ({ bmi, category }) => {
    expect(classifyBmi(bmi)).toBe(category);
  });
});

describe('energy', () => {
  it.each([
    // Published Mifflin-St Jeor examples.
    { kg: 80, cm: 180, age: 30, sex: 'male', bmr: 1780 },
    { kg: 60, cm: 165, age: 30, sex: 'female', bmr: 1320.25 },
    { kg: 70, cm: 170, age: 40, sex: 'other', bmr: 1484.5 },
  ] as const)('BMR of $sex $age y, $cm cm, $kg kg = $bmr', ({ kg, cm, age, sex, bmr }) => {
    expect(basalMetabolicRate(kg, cm, age, sex)).toBeCloseTo(bmr, 9);
  });

  it.each([
    { activityLevel: 'sedentary', multiplier: 1.2, tdee: 2136 },
    { activityLevel: 'lightly_active', multiplier: 1.375, tdee: 2448 },
    { activityLevel: 'moderately_active', multiplier: 1.55, tdee: 2759 },
    { activityLevel: 'very_active', multiplier: 1.725, tdee: 3071 },
    { activityLevel: 'extra_active', multiplier: 1.9, tdee: 3382 },
  ] as const)(
    '$activityLevel: ×$multiplier, BMR 1780 → TDEE $tdee',
    ({ activityLevel, multiplier, tdee }) => {
      // 1780 · 1.375 = 2447.5 → 2448; 1780 · 1.725 = 3070.5 → 3071 (half rounds up).
      expect(activityMultiplier(activityLevel)).toBe(multiplier);
      expect(calculateHealthMetrics({ ...maleMetric, activityLevel }).tdee).toBe(tdee);
    },
  );

  it('an unknown activity level uses the default multiplier 1.2', () => {
    expect(activityMultiplier('couch')).toBe(1.2);
    expect(activityMultiplier('toString')).toBe(1.2);
    const result = calculateHealthMetrics({ ...maleMetric, activityLevel: 'couch' as never });
    expect(result.tdee).toBe(2136);
  });
});

describe('clamps', () => {
  const metric = (gender: HealthFormValues['gender'], age: number, weight: number, height: number) =>
    calculateHealthMetrics({
      age,
      gender,
      activityLevel: 'sedentary',
      measurementSystem: 'metric',
      weight,
      height,
    });

  it('body fat never goes below 5%', () => {
    // BMI 32.4 / 1.8² = 10.0: 12 + 4.14 − 10.8 − 5.4 = −0.06 → 5.
    expect(metric('male', 18, 32.4, 180).bodyFatPercentage).toBe(5);
  });

  it('body fat never goes above 60%', () => {
    // BMI 200 / 2² = 50: 60 + 27.6 − 5.4 = 82.2 → 60.
    expect(metric('female', 120, 200, 200).bodyFatPercentage).toBe(60);
  });

  it('metabolic age never goes below 18', () => {
    // BMR 1500 + 1250 − 90 + 5 = 2665: 18 · 1800 / 2665 = 12.2 → 18.
    expect(metric('male', 18, 150, 200).metabolicAge).toBe(18);
  });

  it('metabolic age never goes above 85', () => {
    // BMR 400 + 937.5 − 600 − 161 = 576.5: 120 · 1400 / 576.5 = 291 → 85.
    expect(metric('female', 120, 40, 150).metabolicAge).toBe(85);
  });
});

describe('waist-hip ratio', () => {
  it.each([
    { system: 'metric', waist: 85, hip: 100, whr: 0.85 },
    { system: 'metric', waist: 100, hip: 105, whr: 0.95 },
    { system: 'imperial', waist: 32, hip: 38, whr: 0.84 },
    { system: 'imperial', waist: 40, hip: 38, whr: 1.05 },
  ] as const)('$system waist $waist, hip $hip → $whr', ({ system, waist, hip, whr }) => {
    const form: HealthFormValues =
      system === 'metric'
        ? { ...maleMetric, waist, hip }
        : { ...maleMetric, measurementSystem: 'imperial', weight: 170, height: 69, waist, hip };
    expect(calculateHealthMetrics(form).whr).toBe(whr);
  });

  it.each([
    { waist: 85, hip: undefined },
    { waist: undefined, hip: 100 },
    { waist: undefined, hip: undefined },
  ])('is absent unless both are given (waist $waist, hip $hip)', ({ waist, hip }) => {
    const result = calculateHealthMetrics({ ...maleMetric, waist, hip });
    expect(result.whr).toBeUndefined();
    expect('whr' in result).toBe(false);
  });
});

describe('ideal weight', () => {
  it('adds nothing below 152.4 cm rather than going negative', () => {
    // 140 cm male: base stays 48 kg → 43.2..52.8.
    const result = calculateHealthMetrics({
      ...maleMetric,
      height: 140,
      weight: 50,
      waist: undefined,
      hip: undefined,
    });
    expect(result.idealWeight).toEqual({ min: 43.2, max: 52.8 });
  });

  it('is positive even at the shortest height the form accepts', () => {
    // 39 in = 99.06 cm, female: base 45.5 kg → 40.95..50.05 kg = 90.28..110.34 lb.
    const result = calculateHealthMetrics({
      age: 30,
      gender: 'female',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 60,
      height: 39,
    });
    expect(result.idealWeight).toEqual({ min: 90, max: 110 });
  });
});

describe('invalid input', () => {
  it.each([
    { name: 'age 0', change: { age: 0 } },
    { name: 'negative weight', change: { weight: -80 } },
    { name: 'NaN weight', change: { weight: Number.NaN } },
    { name: 'infinite height', change: { height: Number.POSITIVE_INFINITY } },
    { name: 'zero hip', change: { hip: 0 } },
    { name: 'negative waist', change: { waist: -1 } },
    { name: 'text age', change: { age: '30' as unknown as number } },
    { name: 'unknown measurement system', change: { measurementSystem: 'nautical' as never } },
    { name: 'BMR at or below zero', change: { age: 400, weight: 30, height: 100 } },
    { name: 'an overflowing weight', change: { weight: 1e308 } },
  ])('$name → "Failed to calculate health metrics"', ({ change }) => {
    expect(() => calculateHealthMetrics({ ...maleMetric, ...change })).toThrow(
      new Error('Failed to calculate health metrics'),
    );
  });
});
