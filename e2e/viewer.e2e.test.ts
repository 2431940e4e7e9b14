// A viewer in a real Chromium (embedded mode): the admin adds a read-only account from the "Administratori"
// panel; signed in as it, the dashboard shows the figures but neither "Resetează toate datele" nor the
// panel (the server refuses a viewer's changes anyway: e2e/security roles-and-api-keys).
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthPaths } from '@bodymetrics/contracts';
import { launchBrowser, newPerson, see, toast } from './src';
import { startEmbeddedSystem, type EmbeddedSystem } from './src/embedded-system';
import { logIn } from './src/operator-flow';

const viewer = { username: 'cititor', email: 'cititor@bodymetrics.test', password: 'doar-citire-2026' };
const resetButton = (page: Page) => page.getByRole('button', { name: 'Resetează toate datele' });

describe('a viewer (embedded mode)', () => {
  let system: EmbeddedSystem;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startEmbeddedSystem(), launchBrowser()]);
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

  it('the admin sees the reset button and adds a read-only account from "Administratori"', async () => {
    await logIn(page, system.admin);
    await see(resetButton(page));
    await see(page.getByRole('heading', { name: 'Administratori' }));
    const form = page.locator('form.admins-form').first();
    await form.getByLabel('Utilizator', { exact: true }).fill(viewer.username);
    await form.getByLabel('E-mail', { exact: true }).fill(viewer.email);
    await form.getByLabel('Parolă', { exact: true }).fill(viewer.password);
    await form.getByLabel('Rol', { exact: true }).selectOption('viewer');
    await form.getByRole('button', { name: 'Adaugă cont' }).click();
    await see(toast(page, 'Administratori'));
    await see(page.getByTestId('admin-accounts').getByText(viewer.email, { exact: true }));
    await page.getByRole('button', { name: 'Deconectare', exact: true }).click();
    await see(page.getByLabel('Nume utilizator', { exact: true }));
  });

  it('signed in as the viewer, the figures are there and the reset button and the panel are not', async () => {
    const roleKnown = page.waitForResponse((r) => r.url().endsWith(adminAuthPaths.validateSession));
    await logIn(page, viewer);
    expect(await (await roleKnown).json()).toMatchObject({ valid: true, role: 'viewer' });
    await see(page.getByTestId('card-today-visitors'));
    expect(await resetButton(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Administratori' }).count()).toBe(0);
  });
});
