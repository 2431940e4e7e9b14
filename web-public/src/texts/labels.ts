// The health engine's labels (BMI categories and bands, indicator and rating words, band sources), English
// as the engine and the spec say them, keyed by themselves: screens show `labels[label] ?? label`.
import { i18n } from './i18n';

export const labelTexts = i18n('labels', {
  Underweight: 'Underweight',
  Normal: 'Normal',
  'Normal Weight': 'Normal Weight',
  Overweight: 'Overweight',
  Obese: 'Obese',
  Low: 'Low',
  High: 'High',
  Elevated: 'Elevated',
  'Very High': 'Very High',
  Healthy: 'Healthy',
  'Increased risk': 'Increased risk',
  'High risk': 'High risk',
  Excellent: 'Excellent',
  Good: 'Good',
  Fair: 'Fair',
  Poor: 'Poor',
  'WHO adult BMI bands': 'WHO adult BMI bands',
  'NICE obesity guideline (CG189, 2022 update)': 'NICE obesity guideline (CG189, 2022 update)',
});

/** An engine label in the page's language (one the catalogue does not know stays as the engine said it). */
export const labelIn = (labels: Partial<Record<string, string>>, label: string): string =>
  labels[label] ?? label;
