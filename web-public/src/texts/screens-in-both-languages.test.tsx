// @vitest-environment jsdom
// Key screens as a visitor reads them in each language: the header's switch (kept for the visit, <html lang>
// set), the calculator form, the metric cards and the nutrition plan — words from the language's catalogue,
// numbers written as that language writes them (ro-RO: 25,8 · 1.711 kcal).
import { calculateHealthMetrics } from '@bodymetrics/health';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialFormFields } from '../home/form-fields';
import { HealthForm } from '../home/HealthForm';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { MetricCards } from '../results/MetricCards';
import { NutritionPlanCard } from '../results/NutritionPlanCard';
import { showLanguage } from './i18n';
import { LANGUAGE_KEY, type Language } from './language';

const result = calculateHealthMetrics({
  age: 30,
  gender: 'male',
  activityLevel: 'sedentary',
  measurementSystem: 'imperial',
  weight: 180,
  height: 70,
});

const ignore = () => undefined;
const form = () => (
  <HealthForm
    fields={initialFormFields()}
    processing={false}
    onFieldChange={ignore}
    onSystemChange={ignore}
    onValid={ignore}
    onUnavailable={ignore}
    onEngage={ignore}
  />
);

beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await showLanguage('en');
});

const cases: [Language, Record<string, string>][] = [
  [
    'en',
    {
      formTitle: 'Calculate Your Health Metrics',
      submit: 'Get My Free Report!',
      age: 'Age',
      activity: 'Sedentary (little or no exercise)',
      bmi: '25.8',
      bmiPill: 'High',
      energy: '2,139',
      calories: '1,711 kcal',
      protein: '149.7 g',
      nutritionTitle: 'Smart Nutrition Plan',
    },
  ],
  [
    'ro',
    {
      formTitle: 'Calculează-ți indicatorii de sănătate',
      submit: 'Primește raportul gratuit!',
      age: 'Vârsta',
      activity: 'Sedentar (puțin sau deloc sport)',
      bmi: '25,8',
      bmiPill: 'Ridicat',
      energy: '2.139',
      calories: '1.711 kcal',
      protein: '149,7 g',
      nutritionTitle: 'Plan de nutriție inteligent',
    },
  ],
];

describe.each(cases)('in %s', (language, shown) => {
  beforeEach(() => showLanguage(language));

  it('the calculator form speaks the language', () => {
    render(form());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(shown.formTitle);
    expect(screen.getByRole('button', { name: shown.submit })).toBeTruthy();
    expect(screen.getByLabelText(shown.age!)).toBeTruthy();
    expect(screen.getByRole('option', { name: shown.activity })).toBeTruthy();
    expect(document.documentElement.lang).toBe(language);
  });

  it('the metric cards and the nutrition plan write their words and numbers in it', () => {
    render(
      <>
        <MetricCards result={result} />
        <NutritionPlanCard result={result} />
      </>,
    );
    const bmiCard = screen.getByTestId('metric-card-bmi');
    expect(within(bmiCard).getByTestId('bmi-value').textContent).toBe(shown.bmi);
    expect(bmiCard.textContent).toContain(shown.bmiPill);
    expect(screen.getByTestId('metric-card-tdee').textContent).toContain(shown.energy);
    const plan = screen.getByTestId('nutrition-plan');
    expect(within(plan).getByRole('heading').textContent).toBe(shown.nutritionTitle);
    expect(plan.textContent).toContain(shown.calories);
    expect(plan.textContent).toContain(shown.protein);
  });
});

describe('the RO / EN switch', () => {
  it('shows the page in the chosen language at once, keeps it for the visit and sets <html lang>', async () => {
    await showLanguage('en');
    render(
      <>
        <LanguageSwitch />
        {form()}
      </>,
    );
    expect(screen.getByRole('button', { name: 'EN' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'RO' }));
      await import('./ro');
    });
    expect(await screen.findByRole('button', { name: 'Primește raportul gratuit!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'RO' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Limba' })).toBeTruthy();
    expect(sessionStorage.getItem(LANGUAGE_KEY)).toBe('ro');
    expect(document.documentElement.lang).toBe('ro');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    });
    expect(await screen.findByRole('button', { name: 'Get My Free Report!' })).toBeTruthy();
    expect(sessionStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
