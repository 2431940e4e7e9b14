// What the operator does and reads on the Romanian dashboard (/admin).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AdminCredentials } from './system-options';
import { see, screenTimeoutMs } from './see';

export async function logIn(page: Page, admin: AdminCredentials): Promise<void> {
  await page.getByLabel('Nume utilizator', { exact: true }).fill(admin.username);
  await page.getByLabel('Parolă', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  await see(page.getByRole('heading', { level: 1, name: 'Analize BodyMetrics' }));
}

/** The big figure of one overview card, e.g. card-today-visitors. */
export const cardValue = (page: Page, testId: string) => page.getByTestId(testId).locator('.stat-value');
export const cardDetail = (page: Page, testId: string) => page.getByTestId(testId).locator('.stat-detail');

export async function openTab(page: Page, name: string, testId: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByTestId(testId);
  await see(panel);
  return panel;
}

/** The body rows of a table as the operator reads them: one array of cell texts per row. */
export function tableRows(table: Locator): Promise<string[][]> {
  return table
    .evaluate((element) =>
      [...element.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].map((cell) =>
          (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        ),
      ),
    )
    .catch(() => []);
}

/**
 * The table's rows as objects keyed by their column header, so that a test names the columns it reads and a
 * column added to a wide table (Performanță afiliați has twenty) does not shift what it asserts.
 */
export function tableRecords(table: Locator): Promise<Record<string, string>[]> {
  return table
    .evaluate((element) => {
      const text = (cell: Element) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
      const headers = [...element.querySelectorAll('thead th')].map(text);
      return [...element.querySelectorAll('tbody tr')].map((row) =>
        Object.fromEntries(
          [...row.querySelectorAll('td')].map((cell, index) => [headers[index] ?? String(index), text(cell)]),
        ),
      );
    })
    .catch(() => []);
}

/** Waits until the table shows exactly these rows (the dashboard refreshes on its own). */
export async function seeRows(table: Locator, rows: string[][], timeout = screenTimeoutMs): Promise<void> {
  await expect.poll(() => tableRows(table), { timeout, interval: 250 }).toEqual(rows);
}

/** Today's date as the dashboard writes days: the operator's time zone, dd.mm.yyyy. */
export function operatorToday(timeZone = 'Europe/Bucharest'): string {
  return new Intl.DateTimeFormat('ro-RO', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}
