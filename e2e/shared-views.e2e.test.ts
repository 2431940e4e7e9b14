// Annotations and shared views in a real Chromium on the embedded mode: the operator adds a note to the main
// chart — its numbered mark appears on the chart and the note in the list under it (reachable by keyboard) —
// then makes a read-only link in the Partajare tab; a fresh browser with no admin session opens the link and
// sees the figures, the daily chart with the same note, and no control (no reset, no logout, no edit).
import { describe, expect, it } from 'vitest';
import { newPerson, see } from './src';
import { openTab } from './src/operator-flow';
import { signedInOperatorOfFile } from './src/signed-in-operator';

const note = 'campanie pornită <b>x</b>';
/** Three days ago: inside the dashboard's default 30 days in any time zone. */
const markedDate = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

describe('annotations and a shared view (embedded mode)', () => {
  let link = '';

  const of = signedInOperatorOfFile();

  it('shows an annotation made in the dashboard on the main chart and in its list', async () => {
    const chart = of.operator.getByTestId('period-chart');
    await see(chart.getByRole('heading', { name: 'Adnotări', exact: true }));
    await chart.getByLabel('Data', { exact: true }).fill(markedDate.split('-').reverse().join('.')); // typed zz.ll.aaaa, as the operator writes it
    await chart.getByLabel('Notă (cel mult 140 de caractere)', { exact: true }).fill(note);
    await chart.getByRole('button', { name: 'Adaugă adnotarea', exact: true }).click();
    const listed = chart.getByTestId('annotation');
    await see(listed);
    // Shown as text: the markup stays letters.
    expect(await listed.locator('.annotation-note').textContent()).toBe(note);
    expect(await listed.textContent()).toContain('de ');
    // The mark: a vertical line on the date (an empty box to the browser, so waited for as attached).
    await chart.locator('.recharts-reference-line line').waitFor({ state: 'attached' });
    expect(await chart.locator('.recharts-reference-line').count()).toBe(1);
    // Reachable by keyboard: the note takes the focus, then its buttons.
    await listed.focus();
    await of.operator.keyboard.press('Tab');
    expect(await of.operator.evaluate(() => document.activeElement?.textContent)).toBe('Modifică');
  });

  it('opens a shared link in a fresh browser: the figures and the chart with the note, no control', async () => {
    const tab = await openTab(of.operator, 'Partajare', 'tab-shared-views');
    await tab.getByLabel('Nume', { exact: true }).fill('Partener');
    await tab.getByRole('button', { name: 'Creează linkul', exact: true }).click();
    const url = tab.getByTestId('shared-view-url');
    await see(url);
    link = (await url.textContent()) ?? '';
    expect(link).toMatch(/\/admin\/share\/[A-Za-z0-9_-]{43}$/);

    const { page: guest } = await newPerson(of.browser, { baseUrl: of.system.baseUrl });
    await guest.goto(link);
    await see(guest.getByRole('heading', { level: 1, name: 'Partener' }));
    const daily = guest.getByTestId('shared-tab-daily');
    await daily.locator('.recharts-reference-line line').waitFor({ state: 'attached' });
    expect(await daily.locator('.annotation-note').textContent()).toBe(note);
    await see(guest.getByTestId('card-today-visitors'));
    const buttons = await guest.getByRole('button').allTextContents();
    expect(buttons.filter((b) => /Resetează|Deconectare|Modifică|Șterge|Revocă|Adaugă/.test(b))).toEqual([]);
    expect(await guest.getByTestId('live-users').count()).toBe(0);
    expect(await guest.getByRole('tab').count()).toBe(0);
    await guest.context().close();
  });
});
