// Two-factor sign-in in a real Chromium, on the embedded mode with ADMIN_2FA_REQUIRED: the password alone
// leads only to the enrolment (analytics still answers 401 to that browser); the operator scans — here: reads
// the key — and confirms with a code the test computes (otplib, as the authenticator app would), sees the
// ten recovery codes once and lands on the dashboard with the factor active. Signing in again asks for the
// "Cod de verificare": a TOTP code works; a recovery code works once and not twice.
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPaths } from '@bodymetrics/contracts';
import { launchBrowser, newPerson, see, toast } from './src';
import { startEmbeddedSystem, type EmbeddedSystem } from './src/embedded-system';

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Analize BodyMetrics' });
/** A code of the step `steps` after now: every sign-in of the file uses a step not used before. */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('two-factor sign-in (embedded mode, ADMIN_2FA_REQUIRED)', () => {
  let system: EmbeddedSystem;
  let browser: Browser;
  let page: Page;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    [system, browser] = await Promise.all([
      startEmbeddedSystem({ twoFactorRequired: true }),
      launchBrowser(),
    ]);
    ({ page } = await newPerson(browser, { baseUrl: system.baseUrl }));
    await page.goto('/admin');
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`system output:\n${system?.logs()}`);
  });

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  async function password() {
    await page.getByLabel('Nume utilizator', { exact: true }).fill(system.admin.username);
    await page.getByLabel('Parolă', { exact: true }).fill(system.admin.password);
    await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  }

  async function secondStep(code: string) {
    await page.getByLabel('Cod de verificare', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verifică', exact: true }).click();
  }

  async function signOut() {
    await page.getByRole('button', { name: 'Deconectare', exact: true }).click();
    await see(page.getByLabel('Nume utilizator', { exact: true }));
  }

  it('the password alone leads to the enrolment only; a code confirms it and signs in', async () => {
    await password();
    await see(page.getByRole('heading', { name: 'Autentificare în doi pași' }));
    await see(page.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' }));
    // Whatever the browser holds now reads no analytics.
    const status = await page.evaluate(
      async (url) => (await fetch(url, { credentials: 'same-origin' })).status,
      analyticsPaths.overview,
    );
    expect(status).toBe(401);

    secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    await page.getByLabel('Cod de verificare', { exact: true }).fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Confirmă', exact: true }).click();
    const list = page.getByTestId('recovery-codes');
    await see(list);
    recoveryCodes = (await list.locator('li').allInnerTexts()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Am salvat codurile', exact: true }).click();
    await see(dashboardHeading(page));
    await see(page.getByText('Activă. Coduri de recuperare rămase: 10.', { exact: true }));
  });

  it('signs in again with the code of the authenticator app', async () => {
    await signOut();
    await password();
    await secondStep(await codeAt(secret, 1));
    await see(dashboardHeading(page));
  });

  it('signs in with a recovery code once, and not twice', async () => {
    const recovery = recoveryCodes[0] ?? '';
    await signOut();
    await password();
    await secondStep(recovery);
    await see(dashboardHeading(page));
    await see(page.getByText('Activă. Coduri de recuperare rămase: 9.', { exact: true }));

    await signOut();
    await password();
    await secondStep(recovery);
    await see(toast(page, 'Autentificare eșuată'));
    await see(page.getByText('Cod incorect sau deja folosit', { exact: true }));
    expect(await dashboardHeading(page).count()).toBe(0);
  });
});
