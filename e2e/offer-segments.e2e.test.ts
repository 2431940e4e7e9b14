// The operator switches a segment of offers to automatic rotation in the Oferte tab of the Romanian
// dashboard, in a real Chromium on the embedded mode: before, the segment's offers have no share ("—"); after
// "Aplică", each has a share (percentages summing to 100 %), the public list carries the same shares, and the
// segment's history names the change. axe checks the tab with its segments.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, see, seeTextContaining, toast } from './src';
import { openTab, tableRecords } from './src/operator-flow';
import { signedInOperatorOfFile } from './src/signed-in-operator';

const segmentName = 'Normal · Stare de bine';
const shareColumn = 'Pondere';

/** "33,3%" → 33.3 */
const percent = (text: string) => Number(text.replace('%', '').replace(',', '.'));

describe('offer segments in the Oferte tab (embedded mode)', () => {
  const of = signedInOperatorOfFile();

  it('switches Normal × wellness to automat and shows each offer’s share', async () => {
    const tab = await openTab(of.operator, 'Oferte', 'tab-offers');
    const segment = tab.getByTestId('segment-Normal-wellness');
    const offers = segment.getByTestId('segment-offers-Normal-wellness');
    await see(offers);
    const shares = async () => (await tableRecords(offers)).map((row) => row[shareColumn] ?? '');
    const manual = await shares();
    expect(manual.length).toBeGreaterThanOrEqual(3);
    expect(manual.every((share) => share === '—')).toBe(true);
    await expectNoAxeViolations(of.operator, 'admin dashboard, offer segments');

    await segment.getByLabel(`Mod — ${segmentName}`, { exact: true }).selectOption('auto');
    await segment
      .getByRole('button', { name: `Aplică modul și pragul — ${segmentName}`, exact: true })
      .click();
    await seeTextContaining(toast(of.operator, 'Segmentul a fost actualizat'), segmentName);

    await expect.poll(async () => (await shares()).every((share) => share.endsWith('%'))).toBe(true);
    const auto = (await shares()).map(percent);
    expect(auto.reduce((sum, share) => sum + share, 0)).toBeGreaterThan(99.5);
    expect(auto.reduce((sum, share) => sum + share, 0)).toBeLessThan(100.5);
    for (const share of auto) expect(share).toBeGreaterThanOrEqual(10);

    // The page's list has the same shares (no traffic yet: the offers share the segment evenly, none under 10 %).
    const listed = await of.operator.evaluate(async () => {
      const res = await fetch('/api/affiliate-offers/all', { cache: 'no-store' });
      const list = (await res.json()) as Array<{ bmiCategory: string; goal: string; share: number | null }>;
      return list.filter((o) => o.bmiCategory === 'Normal' && o.goal === 'wellness').map((o) => o.share);
    });
    expect(listed).toHaveLength(auto.length);
    expect(listed.reduce((sum: number, share) => sum + share!, 0)).toBeCloseTo(1, 6);

    await segment.getByRole('button', { name: `Modificări — ${segmentName}`, exact: true }).click();
    await see(segment.getByText('Mod: Manual → Automat', { exact: true }));
    await expectNoAxeViolations(of.operator, 'admin dashboard, offer segment switched to automat');
  });
});
