// What a visitor does on the public site, step by step, through the controls they see (labels, buttons,
// links). Shared by the visitor tests and the tests that seed a known visit for the operator.
import type { Locator, Page } from 'playwright-core';
import { clickThroughToNewTab } from './browser';
import { see, seeNo } from './see';

export interface ImperialAnswers {
  age: number;
  /** The option's value: male, female, non_binary, prefer_not_to_say, other. */
  gender: string;
  feet: number;
  inches: number;
  weightLb: number;
  activityLevel: string;
  waistIn?: number;
  hipIn?: number;
}

export interface MetricAnswers {
  age: number;
  gender: string;
  heightCm: number;
  weightKg: number;
  activityLevel: string;
  waistCm?: number;
  hipCm?: number;
}

export const healthForm = (page: Page) => page.getByTestId('health-form');
export const bridgeOverlay = (page: Page) => page.getByTestId('bridge-overlay');
export const resultsPage = (page: Page) => page.getByTestId('results-page');

export async function openCalculator(page: Page): Promise<void> {
  await page.goto('/');
  await see(healthForm(page));
}

export async function fillImperialForm(page: Page, a: ImperialAnswers): Promise<void> {
  const form = healthForm(page);
  await form.getByLabel('Age', { exact: true }).fill(String(a.age));
  await form.getByLabel('Gender', { exact: true }).selectOption(a.gender);
  await form.getByLabel('Height Feet', { exact: true }).selectOption(String(a.feet));
  await form.getByLabel('Height Inches', { exact: true }).selectOption(String(a.inches));
  await form.getByLabel('Weight (lbs)', { exact: true }).fill(String(a.weightLb));
  if (a.waistIn !== undefined) await form.getByLabel('Waist (inches, optional)').fill(String(a.waistIn));
  if (a.hipIn !== undefined) await form.getByLabel('Hip (inches, optional)').fill(String(a.hipIn));
  await form.getByLabel('Activity Level', { exact: true }).selectOption(a.activityLevel);
}

export async function fillMetricForm(page: Page, a: MetricAnswers): Promise<void> {
  const form = healthForm(page);
  await form.getByLabel('Metric (cm, kg)').check();
  await form.getByLabel('Age', { exact: true }).fill(String(a.age));
  await form.getByLabel('Gender', { exact: true }).selectOption(a.gender);
  await form.getByLabel('Height (cm)', { exact: true }).fill(String(a.heightCm));
  await form.getByLabel('Weight (kg)', { exact: true }).fill(String(a.weightKg));
  if (a.waistCm !== undefined) await form.getByLabel('Waist (cm, optional)').fill(String(a.waistCm));
  if (a.hipCm !== undefined) await form.getByLabel('Hip (cm, optional)').fill(String(a.hipCm));
  await form.getByLabel('Activity Level', { exact: true }).selectOption(a.activityLevel);
}

export const submitButton = (page: Page) => page.getByRole('button', { name: 'Get My Free Report!' });

/** Sends the form; the calculating screen takes over. */
export async function submitHealthForm(page: Page): Promise<Locator> {
  await submitButton(page).click();
  const screen = page.getByTestId('calculating-screen');
  await see(screen);
  return screen;
}

/** After the 3-second animation the bridge overlay opens. */
export async function waitForBridge(page: Page): Promise<Locator> {
  const overlay = bridgeOverlay(page);
  await see(overlay);
  return overlay;
}

/**
 * How long a visitor looks at an offer card before clicking it, as a person reads it: a click under 800 ms
 * after its page showed the offer is a suspicious click (docs/counting.md), and the scripted browser would
 * otherwise click within a few hundred milliseconds.
 */
const readingMs = 1_000;
const readTheOffer = () => new Promise((resolve) => setTimeout(resolve, readingMs));

/** The call-to-action of the n-th bridge offer: the partner's page opens in a new tab. Returns its address. */
export async function clickBridgeOffer(page: Page, index: number): Promise<string> {
  const link = bridgeOverlay(page).getByTestId('offer-card').nth(index).getByRole('link');
  await readTheOffer();
  return clickThroughToNewTab(page, () => link.click());
}

export async function continueToResults(page: Page): Promise<Locator> {
  await bridgeOverlay(page).getByRole('button', { name: 'View Full Results & Analysis' }).click();
  await seeNo(bridgeOverlay(page));
  const results = resultsPage(page);
  await see(results);
  return results;
}

/** The call-to-action of the n-th offer card on the results page (opens the partner in a new tab). */
export async function clickResultsOffer(page: Page, index: number): Promise<string> {
  const link = resultsPage(page).getByTestId('offer-card').nth(index).getByRole('link');
  await readTheOffer();
  return clickThroughToNewTab(page, () => link.click());
}

/** The report form's required consent to the processing of the health data entered. */
export const healthDataConsent = /^I agree that BodyMetrics processes the health information I entered/;

/** Opens "Send My Health Report", fills name and e-mail and sends. */
export async function sendReport(page: Page, name: string, email: string): Promise<void> {
  await openReportForm(page);
  const form = page.getByTestId('report-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel(healthDataConsent).check();
  await form.getByRole('button', { name: 'Send My Report' }).click();
}

export async function openReportForm(page: Page): Promise<void> {
  const disclosure = page.getByRole('button', { name: 'Send My Health Report' });
  if ((await disclosure.getAttribute('aria-expanded')) !== 'true') await disclosure.click();
  await see(page.getByTestId('report-form'));
}

export interface ContactMessage {
  fullName: string;
  email: string;
  reason: string;
  message: string;
}

export async function fillContactForm(page: Page, m: ContactMessage): Promise<void> {
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Full Name', { exact: true }).fill(m.fullName);
  await form.getByLabel('Email', { exact: true }).fill(m.email);
  await form.getByLabel('Reason for Contact', { exact: true }).selectOption(m.reason);
  await form.getByLabel('Message', { exact: true }).fill(m.message);
}

export async function sendContactMessage(page: Page): Promise<void> {
  await page.getByTestId('contact-form').getByRole('button', { name: 'Send Message' }).click();
}

export async function visitorIdOf(page: Page): Promise<string> {
  // Kept across visits (local storage) once the visitor allowed it, else for the tab (session storage).
  const id = await page.evaluate(
    () => localStorage.getItem('bm_visitor_id') ?? sessionStorage.getItem('bm_visitor_id'),
  );
  if (!id) throw new Error('the page has no visitor id yet');
  return id;
}
