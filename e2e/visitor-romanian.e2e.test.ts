// The visitor's flow in Romanian, in a real Chromium whose language is Romanian (ro-RO): the page opens in
// Romanian (<html lang="ro">), the form, calculating screen, bridge and results speak it and write numbers
// as Romanian does (25,8), the e-mailed report arrives in Romanian, a policy page is the Romanian one, and
// axe finds nothing on any of them. The header's EN switches the page to English and the choice lasts the
// visit. The English flow is the visitor test's (an en-US browser).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newPerson, see, seeNo, seeText, seeTextContaining, sentTo } from './src';
import { embeddedSystemOfFile } from './src/system-of-file';
import { bridgeOverlay, healthForm, resultsPage } from './src/visitor-flow';

let page: Page;
const reportAddress = 'ioana.vizitator@example.test';
const of = embeddedSystemOfFile();

beforeAll(async () => {
  ({ page } = await newPerson(of.browser, { baseUrl: of.system.baseUrl, locale: 'ro-RO' }));
});

describe('a visitor whose browser prefers Romanian', () => {
  it('gets the calculator in Romanian, with no accessibility violations', async () => {
    await page.goto('/');
    await see(healthForm(page));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ro');
    await seeText(page.getByRole('heading', { level: 1 }), 'Calculator gratuit de IMC și sănătate corporală');
    await see(
      page.getByRole('button', { name: 'RO', exact: true }).and(page.locator('[aria-pressed="true"]')),
    );
    const banner = page.getByTestId('storage-choice');
    await see(banner.getByRole('heading', { name: 'Alegerea ta privind stocarea' }));
    await expectNoAxeViolations(page, 'home in Romanian');
    await banner.getByRole('button', { name: 'Doar stocarea necesară' }).click();
    await seeNo(banner);
  });

  it('fills the form in Romanian and sees the bridge and the results in Romanian', async () => {
    const form = healthForm(page);
    await form.getByLabel('Vârsta', { exact: true }).fill('30');
    await form.getByLabel('Gen', { exact: true }).selectOption('male');
    await form.getByLabel('Înălțimea Picioare', { exact: true }).selectOption('5');
    await form.getByLabel('Înălțimea Inci', { exact: true }).selectOption('10');
    await form.getByLabel('Greutatea (lbs)', { exact: true }).fill('180');
    await form.getByLabel('Nivel de activitate', { exact: true }).selectOption('sedentary');
    await page.getByRole('button', { name: 'Primește raportul gratuit!' }).click();
    await seeText(
      page.getByTestId('calculating-screen').getByRole('heading'),
      'Îți analizăm datele de sănătate',
    );

    const bridge = bridgeOverlay(page);
    await see(bridge);
    await seeText(bridge.getByRole('heading', { level: 1 }), 'Rezultatul tău IMC');
    await seeText(bridge.getByTestId('bmi-value'), '25,8');
    await seeTextContaining(bridge, 'Supraponderal');
    await expectNoAxeViolations(page, 'bridge in Romanian');
    await bridge.getByRole('button', { name: 'Vezi rezultatele complete și analiza' }).click();

    const results = resultsPage(page);
    await see(results);
    await seeText(results.getByRole('heading', { level: 1 }), 'Rezultatele tale de sănătate');
    await seeText(results.getByTestId('metric-card-bmi').getByTestId('bmi-value'), '25,8');
    await seeTextContaining(results.getByTestId('nutrition-plan'), 'Plan de nutriție inteligent');
    await seeTextContaining(results.getByTestId('nutrition-plan'), '149,7');
    expect(await page.title()).toBe('Rezultate IMC');
    await expectNoAxeViolations(page, 'results in Romanian');
  });

  it('gets the e-mailed report in Romanian', async () => {
    await page.getByRole('button', { name: 'Trimite-mi raportul de sănătate' }).click();
    const form = page.getByTestId('report-form');
    await form.getByLabel('Nume', { exact: true }).fill('Ioana Pop');
    await form.getByLabel('E-mail', { exact: true }).fill(reportAddress);
    await form.getByLabel(/^Sunt de acord ca BodyMetrics să prelucreze/).check();
    await form.getByRole('button', { name: 'Trimite raportul' }).click();
    await seeTextContaining(
      page.getByTestId('report-form'),
      `Raportul tău de sănătate a fost trimis la ${reportAddress}`,
    );
    const mail = await of.system.mail.waitFor(sentTo(reportAddress));
    expect(mail.subject).toBe('Raportul tău de sănătate BodyMetrics');
    expect(mail.text).toContain('IMC: 25,8 — Supraponderal (Ridicat)');
  });

  it('reads a policy page in Romanian, then switches the site to English for the rest of the visit', async () => {
    await page.goto('/legal/privacy');
    const legal = page.getByTestId('legal-page');
    await seeText(legal.getByRole('heading', { level: 1 }), 'Politica de confidențialitate');
    await seeTextContaining(legal, 'Ultima actualizare:');
    await expectNoAxeViolations(page, 'privacy policy in Romanian');

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await seeText(legal.getByRole('heading', { level: 1 }), 'Privacy Policy');
    await seeTextContaining(legal, 'Last updated');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await seeText(page.getByTestId('legal-page').getByRole('heading', { level: 1 }), 'Privacy Policy');
    await expectNoAxeViolations(page, 'privacy policy in English');
  });
});
