// @vitest-environment jsdom
// The healthy weight card as the visitor reads it, in their units: the range, how far they are from it and
// BMI Prime with the source; with NICE's lower thresholds the range's top is BMI 22.9.
import { bmiBandsFor, calculateHealthMetrics, WHO_BMI_BANDS } from '@bodymetrics/health';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HealthyWeightCard } from './HealthyWeightCard';

afterEach(() => cleanup());

const shown = () => ({
  range: screen.getByTestId('healthy-weight-range').textContent,
  distance: screen.getByTestId('healthy-weight-distance').textContent,
  prime: screen.getByTestId('bmi-prime').textContent,
});

describe('the healthy weight card', () => {
  it('metric: 80 kg at 170 cm is 8.0 kg above 53.5–72.0 kg, BMI Prime 1.11', () => {
    const result = calculateHealthMetrics({
      age: 40,
      gender: 'female',
      activityLevel: 'sedentary',
      measurementSystem: 'metric',
      weight: 80,
      height: 170,
    });
    render(<HealthyWeightCard result={result} bands={WHO_BMI_BANDS} />);
    expect(shown()).toEqual({ range: '53.5–72.0 kg', distance: '8.0 kg above the range', prime: '1.11' });
    expect(screen.getByText('Source: WHO adult BMI bands')).toBeTruthy();
  });

  it('imperial: 120 lb at 5 ft 10 in is 9 lb below 129–174 lb, BMI Prime 0.69', () => {
    const result = calculateHealthMetrics({
      age: 40,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 120,
      height: 70,
    });
    render(<HealthyWeightCard result={result} bands={WHO_BMI_BANDS} />);
    expect(shown()).toEqual({ range: '129–174 lb', distance: '9 lb below the range', prime: '0.69' });
  });

  it('with NICE lower thresholds: 150 lb at 5 ft 10 in is within 129–160 lb', () => {
    const result = calculateHealthMetrics({
      age: 40,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 150,
      height: 70,
    });
    render(<HealthyWeightCard result={result} bands={bmiBandsFor('chinese')} />);
    expect(shown()).toEqual({ range: '129–160 lb', distance: 'Within the range', prime: '0.86' });
    expect(screen.getByText('Source: NICE obesity guideline (CG189, 2022 update)')).toBeTruthy();
  });
});
