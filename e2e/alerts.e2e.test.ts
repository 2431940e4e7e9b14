// The operator meets an open alert on the Romanian dashboard, in a real Chromium on the embedded mode: the
// "Alerte" tab carries the open count as a badge, lists the episode — its kind in words, what it watched,
// its start, "În desfășurare", expected against observed — and "Confirmă" acknowledges it (the badge stays:
// an acknowledged episode is still open until its figure recovers). axe checks the tab.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, see } from './src';
import { tableRecords } from './src/operator-flow';
import { signedInOperatorOfFile } from './src/signed-in-operator';

describe('alerts in the Alerte tab (embedded mode)', () => {
  const of = signedInOperatorOfFile(async (started) => {
    // An episode as the evaluator opens it: page views at a fifth of the same hour's over the last 4 weeks.
    await started.db
      .insertInto('alerts')
      .values({
        kind: 'traffic_drop',
        subject: 'pageViews',
        subject_label: 'Afișări de pagină',
        unit: 'count',
        started_at: new Date(Date.now() - 10 * 60_000),
        expected: 45,
        observed: 9,
      })
      .execute();
  });

  it('shows the open alert with its badge and acknowledges it', async () => {
    const tab = of.operator.getByRole('tab', { name: /^Alerte/ });
    await see(tab.getByTestId('open-alerts-badge'));
    expect(await tab.getByTestId('open-alerts-badge').innerText()).toBe('1');
    await tab.click();
    const panel = of.operator.getByTestId('tab-alerts');
    const table = panel.getByTestId('alerts-table');
    await see(table);
    const [row, ...others] = await tableRecords(table);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      Tip: 'Scădere de trafic',
      'Ce urmărește': 'Afișări de pagină',
      Sfârșit: 'În desfășurare',
      Așteptat: '45',
      Observat: '9',
    });
    expect(row?.['Început']).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    await see(panel.getByRole('button', { name: 'Trimite o alertă de test', exact: true }));
    await expectNoAxeViolations(of.operator, 'admin dashboard, alerts');

    await panel
      .getByRole('button', { name: 'Confirmă alerta Scădere de trafic — Afișări de pagină', exact: true })
      .click();
    await expect
      .poll(async () => (await tableRecords(table))[0]?.['Confirmată'] ?? '')
      .toMatch(/^Confirmată \d{2}\.\d{2}\.\d{4}/);
    const stored = await of.system.db
      .selectFrom('alerts')
      .select('acknowledged_at')
      .executeTakeFirstOrThrow();
    expect(stored.acknowledged_at).not.toBeNull();
  });
});
