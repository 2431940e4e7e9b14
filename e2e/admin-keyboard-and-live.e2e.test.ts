// The admin screens as a keyboard user and a 1400 px window meet them, in both run modes (design.md §3), and
// the live panel while the real-time socket is down: the footer on every screen, the Tab
// order, the dashboard's tabs as a tablist walked with the arrow keys on one row, the reset dialog keeping
// and returning the focus, axe on each screen; then the live socket is cut between the page and the gateway
// (Playwright's WebSocket routing: the connection is closed with 1011 and every new one turned away, as the
// live service does while its store is away) and restored.
import type { Browser, Locator, Page, WebSocketRoute } from 'playwright-core';
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
  type SystemMode,
  type SystemUnderTest,
} from './src';
import { cardValue } from './src/operator-flow';

const wide = { width: 1400, height: 900 };
const narrow = { width: 900, height: 900 };

const footerLinks = [
  ['Termeni și condiții', '/legal/terms'],
  ['Politica de confidențialitate', '/legal/privacy'],
  ['Publicitate și sponsorizare', '/legal/advertising'],
  ['Contact', '/legal/contact'],
  ['Politica de cookie-uri', '/legal/cookies'],
  ['Declinarea responsabilității medicale', '/legal/disclaimer'],
];
const copyright = `© ${new Date().getFullYear()} BodyMetrics. Toate drepturile rezervate.`;

const tabNames = [
  'Parcursul utilizatorului',
  'Statistici zilnice',
  'Performanță afiliați',
  'Surse de trafic',
  'Dispozitive și browsere',
  'Geografie',
  'Activitate recentă',
  'Oferte',
  'Alerte',
  'Partajare',
];

/** The main chart's note form (Adnotări): its four stops come after the header's controls. */
const annotationStops = [
  'input: Data',
  'input: Până la (opțional)',
  'input: Notă (cel mult 140 de caractere)',
  'button: Adaugă adnotarea',
];

const liveDown = 'Conexiune în timp real întreruptă — se reîncearcă…';

/**
 * What the keyboard meets on the cards: each card's "i" button (how its figure is counted), in the cards'
 * order, named after the card. Read from the page, so a figure added to the catalogue brings its card along.
 */
async function cardInfoButtons(page: Page): Promise<string[]> {
  const labels = await page.locator('.card-grid .stat-label').allTextContents();
  expect(labels.slice(0, 2)).toEqual(['Utilizatori activi', 'Vizitatori azi']);
  expect(labels).toEqual(expect.arrayContaining(['Rată de conversie', 'Venit', 'Total clickuri']));
  return labels.map((card) => `button: Cum numărăm: ${card}`);
}

/** The footer as the operator reads it: each link's name and address, and the copyright line. */
async function footerOf(page: Page): Promise<{ links: string[][]; copyright: string }> {
  const footer = page.getByRole('contentinfo');
  await see(footer);
  const links = await footer
    .getByRole('navigation', { name: 'Informații legale și contact' })
    .getByRole('link')
    .evaluateAll((elements) => elements.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
  return { links, copyright: await visibleText(footer.locator('.admin-footer__copyright')) };
}

/** What has the keyboard focus: its role (or tag) and its accessible name, as far as the page tells. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    return `${role}: ${name.replace(/\s+/g, ' ').trim()}`;
  });
}

/** Puts the keyboard's starting point at the top of the page, as a fresh load does. */
async function focusPageStart(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

/** Presses Tab `count` times and lists what the focus lands on, in order. */
async function tabWalk(page: Page, count: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
  }
  return seen;
}

/** Presses Tab until `stop` says the focus is where wanted (at most `limit` times); returns the walk. */
async function tabUntil(page: Page, stop: (focus: string) => boolean, limit = 40): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focus = await focused(page);
    seen.push(focus);
    if (stop(focus)) return seen;
  }
  throw new Error(`Tab never reached the expected element; it went through:\n${seen.join('\n')}`);
}

/** Where each tab sits and whether the row scrolls: the geometry the operator sees. */
function tabRow(tabList: Locator) {
  return tabList.evaluate((list) => {
    const box = list.getBoundingClientRect();
    const tabs = [...list.querySelectorAll('[role="tab"]')].map((tab) => {
      const r = tab.getBoundingClientRect();
      return {
        name: tab.textContent ?? '',
        top: Math.round(r.top),
        inView: r.left >= box.left - 0.5 && r.right <= box.right + 0.5,
      };
    });
    return { tabs, scrolls: list.scrollWidth > list.clientWidth };
  });
}

describe.each(['distributed', 'embedded'] as const satisfies readonly SystemMode[])(
  'the admin screens by keyboard, at 1400 px, and with the live socket down (%s mode)',
  (mode) => {
    let system: SystemUnderTest;
    let browser: Browser;
    let operator: Page;
    /** While true the page's live socket is turned away, as when the live service cannot take it. */
    let liveCut = false;
    /** The page's side of each live socket it opened. */
    const liveSockets: WebSocketRoute[] = [];

    beforeAll(async () => {
      [system, browser] = await Promise.all([startSystem({ mode }), launchBrowser()]);
      ({ page: operator } = await newPerson(browser, {
        baseUrl: system.baseUrl,
        timezoneId: 'Europe/Bucharest',
        locale: 'ro-RO',
      }));
      await operator.setViewportSize(wide);
      await operator.routeWebSocket(/\/analytics-ws/, (socket) => {
        if (liveCut) {
          void socket.close({ code: 1011, reason: 'live unreachable' });
          return;
        }
        // Passed through untouched to the gateway.
        socket.connectToServer();
        liveSockets.push(socket);
      });
    });

    afterEach((context) => {
      if (context.task.result?.state === 'fail') console.log(`[${mode}] system output:\n${system?.logs()}`);
    });

    afterAll(async () => {
      await browser?.close();
      await system?.stop();
    });

    it('the login, forgot-password and reset-password screens carry the footer, go by keyboard and pass axe', async () => {
      await operator.goto('/admin');
      await seeText(operator.getByRole('heading', { level: 1 }), 'Panou de administrare');
      expect(await footerOf(operator)).toEqual({ links: footerLinks, copyright });
      // From the top of the page: the two fields, the forgot-password link, then the footer (the submit
      // button is disabled while the fields are empty, so it is skipped).
      expect(await tabWalk(operator, 9)).toEqual([
        'input: Nume utilizator',
        'input: Parolă',
        'button: Ai uitat parola?',
        ...footerLinks.map(([name]) => `a: ${name}`),
      ]);
      await expectNoAxeViolations(operator, 'admin login (with its footer)');

      await operator.getByRole('button', { name: 'Ai uitat parola?' }).focus();
      await operator.keyboard.press('Enter');
      await see(operator.getByRole('heading', { name: 'Resetează parola' }));
      expect(await focused(operator)).toBe('input: Adresă de e-mail');
      expect(await footerOf(operator)).toEqual({ links: footerLinks, copyright });
      await expectNoAxeViolations(operator, 'admin forgot password');
      await operator.getByRole('button', { name: 'Înapoi la autentificare' }).focus();
      await operator.keyboard.press('Enter');
      await expect.poll(() => focused(operator)).toBe('button: Ai uitat parola?');

      await operator.goto('/admin/reset-password?token=e2e-not-a-real-token');
      await see(operator.getByRole('heading', { level: 1, name: 'Setează o parolă nouă' }));
      expect(await footerOf(operator)).toEqual({ links: footerLinks, copyright });
      expect(await tabWalk(operator, 3)).toEqual([
        'input: Parolă nouă',
        'input: Confirmă parola',
        'button: Resetează parola',
      ]);
      await expectNoAxeViolations(operator, 'admin reset password');
    });

    it('the operator signs in by keyboard; the dashboard carries the footer, its controls come in order, axe passes', async () => {
      await operator.goto('/admin');
      await see(operator.getByRole('heading', { level: 1, name: 'Panou de administrare' }));
      await operator.keyboard.press('Tab');
      await operator.keyboard.type(system.admin.username);
      await operator.keyboard.press('Tab');
      await operator.keyboard.type(system.admin.password);
      await operator.keyboard.press('Enter');
      await see(operator.getByRole('heading', { level: 1, name: 'Analize BodyMetrics' }));
      await seeTextContaining(operator.getByTestId('realtime-indicator'), 'Timp real conectat');
      await seeText(cardValue(operator, 'card-active-users'), '0');
      expect(await footerOf(operator)).toEqual({ links: footerLinks, copyright });

      // From the top: the period buttons, the custom range's two dates (text fields read as zz.ll.aaaa,
      // one stop each) and its button, the reset and the logout, then the main chart's note form (its
      // chart takes no stop), the "i" of each card, then (nothing live to act on) the tabs, entered at the
      // selected one only.
      await focusPageStart(operator);
      const walk = await tabUntil(operator, (focus) => focus.startsWith('tab: '));
      expect(walk).toEqual([
        'button: 7 zile',
        'button: 30 de zile',
        'button: 90 de zile',
        'input: De la',
        'input: Până la',
        'button: Aplică intervalul',
        'button: Resetează toate datele',
        'button: Deconectare',
        ...annotationStops,
        ...(await cardInfoButtons(operator)),
        'tab: Parcursul utilizatorului',
      ]);
      await expectNoAxeViolations(operator, 'admin dashboard');
    });

    it('the tabs are one row at 1400 px, a tablist the arrow keys walk, and stay one row (scrolling) when it is narrower', async () => {
      const tabList = operator.getByRole('tablist', { name: 'Secțiuni de analiză' });
      const row = await tabRow(tabList);
      expect(row.tabs.map((t) => t.name)).toEqual(tabNames);
      expect(new Set(row.tabs.map((t) => t.top)).size).toBe(1);
      expect(row.tabs.every((t) => t.inView)).toBe(true);
      expect(row.scrolls).toBe(false);

      const selected = () =>
        tabList.locator('[role="tab"][aria-selected="true"]').evaluate((tab) => ({
          name: tab.textContent,
          focused: tab === document.activeElement,
          panelShown: !!document.getElementById(tab.getAttribute('aria-controls') ?? '')?.checkVisibility(),
        }));
      await operator.getByRole('tab', { name: tabNames[0] }).focus();
      for (const name of tabNames.slice(1)) {
        await operator.keyboard.press('ArrowRight');
        await expect.poll(selected).toEqual({ name, focused: true, panelShown: true });
      }
      await operator.keyboard.press('ArrowRight');
      await expect.poll(selected).toEqual({ name: tabNames[0], focused: true, panelShown: true });
      await operator.keyboard.press('ArrowLeft');
      await expect.poll(selected).toEqual({ name: tabNames.at(-1), focused: true, panelShown: true });
      await operator.keyboard.press('Home');
      await expect.poll(selected).toEqual({ name: tabNames[0], focused: true, panelShown: true });

      // Tab leaves the tablist for the open panel, then reaches what is in it: the CSV export of the funnel.
      await operator.keyboard.press('Tab');
      expect(await focused(operator)).toMatch(/^tabpanel: /);
      const intoPanel = await tabUntil(operator, (focus) => focus.startsWith('a: Descarcă CSV'), 10);
      expect(intoPanel.at(-1)).toBe('a: Descarcă CSV — pâlnia pe zile');
      await expectNoAxeViolations(operator, 'admin dashboard, journey tab');

      // A narrower window: still one row; it scrolls, and the keyboard brings the chosen tab into view.
      await operator.setViewportSize(narrow);
      try {
        const narrowRow = await tabRow(tabList);
        expect(new Set(narrowRow.tabs.map((t) => t.top)).size).toBe(1);
        expect(narrowRow.scrolls).toBe(true);
        expect(narrowRow.tabs.at(-1)?.inView).toBe(false);
        await operator.getByRole('tab', { name: tabNames[0] }).focus();
        await operator.keyboard.press('End');
        await expect.poll(selected).toEqual({ name: tabNames.at(-1), focused: true, panelShown: true });
        await expect.poll(async () => (await tabRow(tabList)).tabs.at(-1)?.inView).toBe(true);
        await expectNoAxeViolations(operator, 'admin dashboard at 900 px');
        await operator.keyboard.press('Home');
        await expect.poll(async () => (await tabRow(tabList)).tabs[0]?.inView).toBe(true);
      } finally {
        await operator.setViewportSize(wide);
      }
    });

    it('"Resetează toate datele" opens a dialog that keeps the focus and gives it back when closed', async () => {
      const reset = operator.getByRole('button', { name: 'Resetează toate datele' });
      await reset.focus();
      await operator.keyboard.press('Enter');
      const dialog = operator.getByRole('alertdialog', { name: 'Resetezi toate datele?' });
      await see(dialog);
      const focusInDialog = () => dialog.evaluate((d) => d.contains(document.activeElement));
      expect(await focusInDialog()).toBe(true);
      for (let i = 0; i < 4; i++) {
        await operator.keyboard.press('Tab');
        expect(await focusInDialog()).toBe(true);
      }
      await expectNoAxeViolations(operator, 'admin reset dialog');
      await operator.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => focused(operator)).toBe('button: Resetează toate datele');

      // Through the first confirmation to the second: it opens on "Anulează" (a double Enter never deletes),
      // and leaving it gives the focus back too.
      await operator.keyboard.press('Enter');
      await see(dialog);
      await operator.getByRole('button', { name: 'Continuă' }).focus();
      await operator.keyboard.press('Enter');
      const second = operator.getByRole('alertdialog', { name: 'Confirmare finală' });
      await see(second);
      await expect.poll(() => focused(operator)).toBe('button: Anulează');
      // Escape goes to the topmost dialog layer: press it once the first dialog is gone, as a person would
      // (in one CI run it came within the same moment as the swap and the second dialog stayed open).
      await expect.poll(() => operator.getByRole('alertdialog').count()).toBe(1);
      await operator.keyboard.press('Escape');
      await expect.poll(() => second.count()).toBe(0);
      await expect.poll(() => focused(operator)).toBe('button: Resetează toate datele');
    });

    it('while the live socket is down the live panel says so, with the attempt; Active Users is unavailable; back, it clears', async () => {
      const livePanel = operator.getByTestId('live-users');
      const linkStatus = operator.getByTestId('live-link-status');
      await see(livePanel.getByText('Niciun utilizator activ în acest moment.', { exact: true }));

      // The live service goes away: the open socket is closed and every new one turned away.
      liveCut = true;
      for (const socket of liveSockets.splice(0))
        await socket.close({ code: 1011, reason: 'live unreachable' });

      await seeTextContaining(linkStatus, liveDown);
      await seeText(operator.getByTestId('live-reconnect-attempt'), 'Încercarea de reconectare nr. 1');
      await seeText(cardValue(operator, 'card-active-users'), 'Indisponibil');
      await seeText(
        operator.getByTestId('card-active-users').locator('.stat-detail'),
        'fără conexiune în timp real',
      );
      await seeTextContaining(operator.getByTestId('realtime-indicator'), 'Timp real deconectat');
      expect(await livePanel.getByText('Se încarcă…').count()).toBe(0);
      // It keeps trying, and counts: the first retry (after 1 s) is turned away too.
      await seeText(operator.getByTestId('live-reconnect-attempt'), 'Încercarea de reconectare nr. 2');
      await expectNoAxeViolations(operator, 'admin dashboard, live socket down');

      // The retry button is in the keyboard's path, right after the header's controls, the chart's note
      // form and the cards' "i" buttons, and tries at once.
      await operator.getByRole('button', { name: 'Deconectare' }).focus();
      const infoButtons = await cardInfoButtons(operator);
      expect(await tabWalk(operator, annotationStops.length + infoButtons.length + 1)).toEqual([
        ...annotationStops,
        ...infoButtons,
        'button: Reîncearcă acum',
      ]);
      await operator.keyboard.press('Enter');
      await seeText(
        operator.getByTestId('live-reconnect-attempt'),
        /^Încercarea de reconectare nr\. ([3-9]|\d\d)$/,
      );

      // The live service is back: the next attempt (at most 4 s away) connects and the state clears.
      liveCut = false;
      await seeTextContaining(operator.getByTestId('realtime-indicator'), 'Timp real conectat', 30_000);
      await seeText(linkStatus, '');
      await see(livePanel.getByText('Niciun utilizator activ în acest moment.', { exact: true }));
      await seeText(cardValue(operator, 'card-active-users'), '0');
      expect(await livePanel.getByRole('button', { name: 'Reîncearcă acum' }).count()).toBe(0);
    });
  },
);
