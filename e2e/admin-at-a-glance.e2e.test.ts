// The dashboard read at a glance, in the embedded mode, by an operator whose browser speaks English (the
// dashboard is Romanian whatever the browser says): the period's main chart at the top, each card one
// figure with its change badge and its definition behind an "i", dates typed and read as zz.ll.aaaa, the
// wide Affiliate Performance table at eight columns with the rest behind its column chooser; then on a
// 390 × 844 phone every tab is reachable and nothing scrolls sideways but a table inside its own box. Axe
// at both sizes; screenshots of both go to var/test-results/screenshots/ (their paths are printed).
//
// Hand count of the visit: one visitor, first seen today, who clicks one offer on the bridge — so Today's
// Visitors 1, Today's Clicks 1, and the conversion rate (visitors who clicked ÷ visitors) 1 / 1 = 100 %.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPerson,
  see,
  seeText,
  seeTextContaining,
  startSystem,
  visibleText,
  type SystemUnderTest,
} from './src';
import { cardValue, logIn, operatorToday, tableRecords } from './src/operator-flow';
import {
  clickBridgeOffer,
  fillImperialForm,
  openCalculator,
  submitHealthForm,
  waitForBridge,
} from './src/visitor-flow';

const dashboardTimeoutMs = 45_000;
const screenshots = fileURLToPath(new URL('../var/test-results/screenshots/', import.meta.url));

const tabs = [
  ['Parcursul utilizatorului', 'tab-journey'],
  ['Statistici zilnice', 'tab-daily'],
  ['Performanță afiliați', 'tab-affiliate'],
  ['Surse de trafic', 'tab-traffic'],
  ['Dispozitive și browsere', 'tab-devices'],
  ['Geografie', 'tab-geo'],
  ['Activitate recentă', 'tab-recent'],
  ['Oferte', 'tab-offers'],
] as const;

/** The columns Affiliate Performance opens with: what an operator acts on first. */
const affiliateDefaults = [
  'Loc',
  'Ofertă',
  'Clickuri',
  'Conversii',
  'Venit (RON)',
  'EPC (RON)',
  'Ultimul click',
  'Link',
];

/** How wide the page is against its window: the page scrolls sideways when the first passes the second. */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(
    scrollWidth,
    `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`,
  ).toBeLessThanOrEqual(innerWidth);
}

async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  const path = `${screenshots}${name}.png`;
  await page.screenshot({ path, fullPage });
  console.log(`[screenshot] ${path}`);
}

describe('the dashboard at a glance, at 1366 × 768 and on a 390 × 844 phone (embedded mode)', () => {
  let system: SystemUnderTest;
  let browser: Browser;
  let operator: Page;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem({ mode: 'embedded' }), launchBrowser()]);
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(`system output:\n${system?.logs()}`);
  });

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('a visitor calculates and clicks one offer on the bridge (their tab stays open: a live user)', async () => {
    const { page: visitor } = await newPerson(browser, { baseUrl: system.baseUrl });
    await openCalculator(visitor);
    await fillImperialForm(visitor, {
      age: 41,
      gender: 'female',
      feet: 5,
      inches: 5,
      weightLb: 150,
      activityLevel: 'lightly_active',
    });
    await submitHealthForm(visitor);
    await waitForBridge(visitor);
    await clickBridgeOffer(visitor, 0);
  });

  it('at 1366 × 768 the main chart heads the page and each card is one figure with its badge and its "i"', async () => {
    // A browser in English: the dashboard stays Romanian, dates included.
    ({ page: operator } = await newPerson(browser, {
      baseUrl: system.baseUrl,
      timezoneId: 'Europe/Bucharest',
      locale: 'en-US',
    }));
    await operator.setViewportSize({ width: 1366, height: 768 });
    await operator.goto('/admin');
    await logIn(operator, system.admin);

    await seeText(cardValue(operator, 'card-today-visitors'), '1', dashboardTimeoutMs);
    await seeText(cardValue(operator, 'card-today-clicks'), '1', dashboardTimeoutMs);
    await seeText(cardValue(operator, 'card-conversion-rate'), '100%', dashboardTimeoutMs);

    // The chart is the first thing of the page under the header: the period's days, drawn.
    const chart = operator.getByTestId('period-chart');
    await see(chart.getByRole('heading', { level: 2, name: 'Evoluția perioadei' }));
    const figure = chart.getByRole('img', {
      name: 'Grafic: vizitatori, afișări de pagină și venit pe zile, ultimele 30 de zile',
    });
    // Drawn: two lines (visitors, page views) and the revenue bars, with their legend.
    await see(figure.locator('.recharts-wrapper'), dashboardTimeoutMs);
    expect(await figure.locator('.recharts-line').count()).toBe(2);
    expect(await figure.locator('.recharts-bar').count()).toBe(1);
    expect(await figure.locator('.recharts-legend-item-text').allTextContents()).toEqual([
      'Vizitatori',
      'Afișări de pagină',
      'Venit (RON)',
    ]);
    const top = await operator.evaluate(() => {
      const main = document.querySelector('.dashboard-main');
      return main?.firstElementChild?.getAttribute('data-testid');
    });
    expect(top).toBe('period-chart');

    // One figure per card, the change as a badge (nothing before today here: "—", said in words), no sentences.
    const visitors = operator.getByTestId('card-today-visitors');
    await seeText(visitors.locator('.change-badge [aria-hidden="true"]'), '—');
    expect(await visitors.locator('.change-badge .visually-hidden').textContent()).toBe(
      'Fără comparație: perioada anterioară are 0 (acum 1)',
    );
    await seeText(
      operator.getByTestId('change-legend'),
      'Săgețile compară ultimele 30 de zile cu cele 30 de zile dinainte.',
    );
    expect(await operator.getByText('În perioadă:').count()).toBe(0);
    expect(await operator.getByText('Sub fiecare card').count()).toBe(0);

    // The definition is one press away, by keyboard too, and goes away with Escape.
    const info = operator.getByRole('button', { name: 'Cum numărăm: Rată de conversie', exact: true });
    await info.focus();
    await operator.keyboard.press('Enter');
    expect(await info.getAttribute('aria-expanded')).toBe('true');
    const definition = operator.locator(`#${await info.getAttribute('aria-controls')}`);
    await seeTextContaining(definition, 'Vizitatorii care au dat click pe cel puțin o ofertă ÷ vizitatori');
    await expectNoAxeViolations(operator, 'admin dashboard at 1366 px, a definition open');
    await operator.keyboard.press('Escape');
    await expect.poll(() => definition.count()).toBe(0);
    expect(await info.evaluate((button) => button === document.activeElement)).toBe(true);

    await expectNoAxeViolations(operator, 'admin dashboard at 1366 px');
    await expectNoSidewaysScroll(operator, 'the dashboard at 1366 px');
    await screenshot(operator, 'dashboard-1366x768');
  });

  it('dates read zz.ll.aaaa in an English browser, typed and shown back the same way', async () => {
    expect(await operator.locator('input[type="date"]').count()).toBe(0);
    const from = operator.getByLabel('De la', { exact: true });
    const to = operator.getByLabel('Până la', { exact: true });
    expect(await from.getAttribute('placeholder')).toBe('zz.ll.aaaa');
    const today = operatorToday();
    await from.fill('31.02.2026');
    await to.fill(today);
    await operator.getByRole('button', { name: 'Aplică intervalul' }).click();
    await see(operator.getByText('Data nu este validă (ZZ.LL.AAAA)', { exact: true }));
    await from.fill(today);
    await operator.getByRole('button', { name: 'Aplică intervalul' }).click();
    const chart = operator.getByTestId('period-chart');
    await seeText(chart.locator('.panel-header p'), `ziua ${today}`);
    await seeText(operator.getByTestId('change-legend'), `Săgețile compară ziua ${today} cu ziua dinainte.`);
    await see(
      chart.getByRole('img', {
        name: `Grafic: vizitatori, afișări de pagină și venit pe zile, ziua ${today}`,
      }),
    );
    expect(await from.inputValue()).toBe(today);
    // The chart's axis writes its days as dd.mm.
    await expect
      .poll(
        () =>
          chart.locator('text.recharts-cartesian-axis-tick-value[orientation="bottom"]').allTextContents(),
        {
          timeout: dashboardTimeoutMs,
        },
      )
      .toEqual([today.slice(0, 5)]);
    await operator.getByRole('button', { name: '30 de zile', exact: true }).click();
    await seeText(chart.locator('.panel-header p'), 'ultimele 30 de zile');
  });

  it('Affiliate Performance opens at eight columns; the chooser shows another, and the table remembers it', async () => {
    await operator.getByRole('tab', { name: 'Performanță afiliați', exact: true }).click();
    const tab = operator.getByTestId('tab-affiliate');
    const table = tab.getByTestId('affiliate-stats');
    await see(table, dashboardTimeoutMs);
    const headers = () => table.locator('thead th').allInnerTexts();
    expect(await headers()).toEqual(affiliateDefaults);
    const chooser = tab.getByRole('button', { name: 'Coloane (8 din 22)', exact: true });
    await chooser.click();
    await tab.getByRole('checkbox', { name: 'Clickuri unice', exact: true }).check();
    await expect
      .poll(headers)
      .toEqual([...affiliateDefaults.slice(0, 3), 'Clickuri unice', ...affiliateDefaults.slice(3)]);
    // The clicked offer's row (offers shown but not clicked have rows too, with 0 clicks).
    await expect
      .poll(async () =>
        (await tableRecords(table))
          .filter((r) => r['Clickuri'] !== '0')
          .map((r) => [r['Clickuri'], r['Clickuri unice']]),
      )
      .toEqual([['1', '1']]);
    await expectNoAxeViolations(
      operator,
      'admin dashboard, Affiliate Performance with its column chooser open',
    );

    await operator.reload();
    await operator.getByRole('tab', { name: 'Performanță afiliați', exact: true }).click();
    await see(table, dashboardTimeoutMs);
    expect(await headers()).toContain('Clickuri unice');
    await tab.getByRole('button', { name: 'Coloane (9 din 22)', exact: true }).click();
    await tab.getByRole('button', { name: 'Coloanele implicite', exact: true }).click();
    await expect.poll(headers).toEqual(affiliateDefaults);
  });

  it('on a 390 × 844 phone every tab is in reach and nothing scrolls sideways but a table in its own box', async () => {
    await operator.setViewportSize({ width: 390, height: 844 });
    await operator.getByRole('tab', { name: 'Parcursul utilizatorului', exact: true }).click();
    await operator.evaluate(() => window.scrollTo(0, 0));
    await see(operator.getByTestId('period-chart').locator('.recharts-wrapper'));
    await expectNoSidewaysScroll(operator, 'the dashboard at 390 px');
    await expectNoAxeViolations(operator, 'admin dashboard at 390 px');
    await screenshot(operator, 'dashboard-390x844');
    await screenshot(operator, 'dashboard-390x844-full', true);

    // A definition on the right-hand card of a row opens inside the window.
    await operator.getByRole('button', { name: 'Cum numărăm: Vizitatori azi', exact: true }).click();
    await see(operator.locator('.info-popover'));
    await expectNoSidewaysScroll(operator, 'the dashboard at 390 px, a definition open');
    await operator.keyboard.press('Escape');

    const tabList = operator.getByRole('tablist', { name: 'Secțiuni de analiză' });
    for (const [name, testId] of tabs) {
      const trigger = tabList.getByRole('tab', { name, exact: true });
      // In reach: wholly inside the window's width, without scrolling the row or the page sideways.
      const box = await trigger.evaluate((element) => {
        const r = element.getBoundingClientRect();
        return { left: r.left, right: r.right, width: window.innerWidth };
      });
      expect(box.left, name).toBeGreaterThanOrEqual(0);
      expect(box.right, name).toBeLessThanOrEqual(box.width);
      await trigger.click();
      expect(await trigger.getAttribute('aria-selected')).toBe('true');
      const panel = operator.getByTestId(testId);
      await see(panel);
      // Its reads in: no "loading" left in the panel.
      await expect
        .poll(() => panel.getByText('Se încarcă…').count(), { timeout: dashboardTimeoutMs })
        .toBe(0);
      await expectNoSidewaysScroll(operator, `the ${name} tab at 390 px`);
      // What is wider than the phone scrolls inside its own box, which the keyboard can reach.
      const wide = await panel.evaluate((element) =>
        [...element.querySelectorAll('.table-wrap')]
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map((box) => ({
            focusable: box.getAttribute('tabindex') === '0',
            overflowX: getComputedStyle(box).overflowX,
          })),
      );
      for (const box of wide) expect(box).toEqual({ focusable: true, overflowX: 'auto' });
    }
    await expectNoAxeViolations(operator, 'admin dashboard at 390 px, Oferte tab');

    // The wide table's chooser at 390 px: one more column, still no sideways page.
    await tabList.getByRole('tab', { name: 'Performanță afiliați', exact: true }).click();
    const tab = operator.getByTestId('tab-affiliate');
    await tab.getByRole('button', { name: 'Coloane (8 din 22)', exact: true }).click();
    await tab.getByRole('checkbox', { name: 'CTR', exact: true }).check();
    await expect.poll(() => tab.getByTestId('affiliate-stats').locator('thead th').count()).toBe(9);
    await expectNoSidewaysScroll(operator, 'Affiliate Performance at 390 px, nine columns');
    await expectNoAxeViolations(operator, 'admin dashboard at 390 px, Affiliate Performance');
    expect(await visibleText(cardValue(operator, 'card-today-visitors'))).toBe('1');
  });
});
