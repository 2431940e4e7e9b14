// The operator's view of one known visit, in both run modes (design.md §3): a visitor goes through the
// whole flow in a real Chromium (one offer clicked on the bridge, one on the results, the report and a
// contact message sent); then the operator signs in at /admin and reads exactly that visit on the Romanian
// dashboard — cards, live list, the seven tabs (each with its data checked by axe) — wipes it with the two
// confirmations, and signs out.
//
// Hand count of the visit: one visitor, two page views ("/" and the footer link to /legal/contact, one
// session, so no bounce), every funnel step once (landing, form started and completed, results viewed,
// e-mail provided, report sent), two offer clicks by that one visitor, so the conversion rate (visitors who
// clicked ÷ visitors) is 1 / 1 = 100 %; source direct (no referrer).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addressesOf,
  expectNoAxeViolations,
  launchBrowser,
  newPerson,
  operatorInbox,
  see,
  seeText,
  seeTextContaining,
  sentTo,
  startSystem,
  toast,
  visibleText,
  type SystemMode,
  type SystemUnderTest,
} from './src';
import {
  cardDetail,
  cardValue,
  logIn,
  openTab,
  operatorToday,
  seeRows,
  tableRecords,
  tableRows,
} from './src/operator-flow';
import {
  bridgeOverlay,
  clickBridgeOffer,
  clickResultsOffer,
  continueToResults,
  fillContactForm,
  fillImperialForm,
  openCalculator,
  resultsPage,
  sendContactMessage,
  sendReport,
  submitHealthForm,
  visitorIdOf,
  waitForBridge,
} from './src/visitor-flow';

/** Pipeline and dashboard refreshes (overview every 5 s, recent clicks every 10 s) need a while. */
const dashboardTimeoutMs = 45_000;
const recentClickTime = /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/;

describe.each(['distributed', 'embedded'] as const satisfies readonly SystemMode[])(
  'the operator and one known visit (%s mode)',
  (mode) => {
    let system: SystemUnderTest;
    let browser: Browser;
    let visitorContext: BrowserContext;
    let visitor: Page;
    let visitorId: string;
    let operator: Page;
    const titles = { bridge: '', results: '' };

    beforeAll(async () => {
      [system, browser] = await Promise.all([
        // A visitor counts as active for 3 s after their last heartbeat, checked every half second.
        startSystem({ mode, live: { activeWindowMs: 3_000, sweepIntervalMs: 500 } }),
        launchBrowser(),
      ]);
    });

    afterEach((context) => {
      if (context.task.result?.state === 'fail') console.log(`[${mode}] system output:\n${system?.logs()}`);
    });

    afterAll(async () => {
      await browser?.close();
      await system?.stop();
    });

    it('a visitor completes the flow, clicks an offer on the bridge and one on the results, sends the report and a contact message', async () => {
      ({ context: visitorContext, page: visitor } = await newPerson(browser, { baseUrl: system.baseUrl }));
      // The page's timers run on a clock the test can move: the live heartbeat (every 30 s) on demand.
      await visitor.clock.install();
      await openCalculator(visitor);
      await fillImperialForm(visitor, {
        age: 30,
        gender: 'male',
        feet: 5,
        inches: 10,
        weightLb: 180,
        activityLevel: 'sedentary',
      });
      await submitHealthForm(visitor);
      await waitForBridge(visitor);
      titles.bridge = await visibleText(
        bridgeOverlay(visitor).getByTestId('offer-card').nth(0).getByRole('heading'),
      );
      await clickBridgeOffer(visitor, 0);
      await continueToResults(visitor);
      titles.results = await visibleText(
        resultsPage(visitor).getByTestId('offer-card').nth(1).getByRole('heading'),
      );
      expect(titles.results).not.toBe(titles.bridge);
      await clickResultsOffer(visitor, 1);

      await sendReport(visitor, 'Ana', 'ana@example.test');
      await see(visitor.getByRole('button', { name: 'Report Sent!' }));
      await system.mail.waitFor(sentTo('ana@example.test'));

      await visitor.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
      await fillContactForm(visitor, {
        fullName: 'Ana Pop',
        email: 'ana@example.test',
        reason: 'General Inquiry',
        message: 'Thank you for the report, it was very clear.',
      });
      await sendContactMessage(visitor);
      await see(toast(visitor, 'Message Sent Successfully!'));
      const mail = await system.mail.waitFor(sentTo(operatorInbox));
      expect(addressesOf(mail.replyTo)).toEqual(['ana@example.test']);
      visitorId = await visitorIdOf(visitor);
    });

    it('the operator signs in on the Romanian login screen', async () => {
      ({ page: operator } = await newPerson(browser, {
        baseUrl: system.baseUrl,
        timezoneId: 'Europe/Bucharest',
        locale: 'ro-RO',
      }));
      await operator.goto('/admin');
      await seeText(operator.getByRole('heading', { level: 1 }), 'Panou de administrare');
      const submit = operator.getByRole('button', { name: 'Autentificare', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await operator.getByLabel('Nume utilizator', { exact: true }).fill(system.admin.username);
      expect(await submit.isDisabled()).toBe(true);
      await operator.getByLabel('Parolă', { exact: true }).fill('not-the-password-1');
      expect(await submit.isEnabled()).toBe(true);
      await expectNoAxeViolations(operator, 'admin login');
      await submit.click();
      await seeTextContaining(
        toast(operator, 'Autentificare eșuată'),
        'Nume de utilizator sau parolă incorecte',
      );

      await logIn(operator, system.admin);
      await seeTextContaining(
        toast(operator, 'Autentificare reușită'),
        `Bine ai revenit, ${system.admin.username}!`,
      );
      await see(operator.getByText(`Conectat ca ${system.admin.username}`, { exact: true }));
      await seeTextContaining(operator.getByTestId('realtime-indicator'), 'Timp real conectat');
    });

    it('the cards show exactly that visit', async () => {
      await seeText(cardValue(operator, 'card-today-visitors'), '1', dashboardTimeoutMs);
      await seeText(cardDetail(operator, 'card-today-visitors'), '2 afișări de pagină', dashboardTimeoutMs);
      await seeText(cardValue(operator, 'card-today-clicks'), '2', dashboardTimeoutMs);
      await seeText(cardValue(operator, 'card-total-clicks'), '2');
      await seeText(cardValue(operator, 'card-conversion-rate'), '100%');
      await seeText(cardValue(operator, 'card-bounce-rate'), '0%');
      await seeText(cardValue(operator, 'card-mobile'), '0%');
      await seeText(cardValue(operator, 'card-top-source'), 'direct');
      // The visitor's tab is still open: no session length has been reported yet.
      await seeText(cardValue(operator, 'card-avg-session'), '0m 0s');
      await expectNoAxeViolations(operator, 'admin dashboard');
    });

    it("the visitor's open tab is an active user; once they leave they drop off the live list", async () => {
      // While the tab is open its heartbeat keeps coming: each fast-forward of the page's clock by 30 s
      // fires the next one (the real heartbeat period), well within the live service's window.
      let open = true;
      const heartbeats = (async () => {
        while (open) {
          await visitor.clock.fastForward(30_000).catch(() => undefined);
          await new Promise((r) => setTimeout(r, 300));
        }
      })();
      const liveUsers = operator.getByTestId('live-users');
      try {
        await seeText(cardValue(operator, 'card-active-users'), '1', dashboardTimeoutMs);
        await expect
          .poll(
            async () =>
              (await tableRows(liveUsers.getByRole('table'))).map((r) => [r[0], r[1], r[2], r[3], r[5]]),
            {
              timeout: dashboardTimeoutMs,
            },
          )
          .toEqual([[visitorId.slice(-8), '/legal/contact', 'Desktop', 'Chrome', 'New York']]);
        // The row's flow stage, reported by the page with its heartbeat: the contact page.
        expect(await liveUsers.getByRole('columnheader').allInnerTexts()).toContain('Etapă');
        await expect
          .poll(async () => (await tableRows(liveUsers.getByRole('table'))).map((r) => r[6]), {
            timeout: dashboardTimeoutMs,
          })
          .toEqual(['Contact']);
      } finally {
        open = false;
        await heartbeats;
      }

      // The visitor leaves the site: the page's unload beacons report how long the visit lasted, and its
      // live socket closes, so no heartbeat comes any more.
      await visitor.goto('about:blank');
      await expect
        .poll(() => visibleText(cardValue(operator, 'card-avg-session')), { timeout: dashboardTimeoutMs })
        .not.toBe('0m 0s');
      await visitorContext.close();
      const dropWithin = system.liveDropWithinMs + dashboardTimeoutMs;
      await seeText(cardValue(operator, 'card-active-users'), '0', dropWithin);
      await see(liveUsers.getByText('Niciun utilizator activ în acest moment.', { exact: true }));
    });

    it('every tab shows the visit', async () => {
      const today = operatorToday();
      const journey = await openTab(operator, 'Parcursul utilizatorului', 'tab-journey');
      await seeRows(journey.getByTestId('today-funnel'), [
        ['Vizitatori pe pagina principală', '1', '100%'],
        ['Formular început', '1', '100%'],
        ['Formular completat', '1', '100%'],
        ['Rezultate vizualizate', '1', '100%'],
        ['E-mail furnizat', '1', '100%'],
        ['Raport trimis', '1', '100%'],
      ]);
      await see(journey.getByText('Total vizitatori: 1', { exact: true }));
      await seeRows(journey.getByTestId('abandonment'), [
        ['Au plecat de pe pagina principală', '0', '0%'],
        ['Au abandonat formularul', '0', '0%'],
        ['Au plecat după calcul', '0', '0%'],
        ['Au plecat de la rezultate', '0', '0%'],
        ['Au plecat după e-mail', '0', '0%'],
      ]);
      await seeRows(journey.getByTestId('funnel-history'), [[today, '1', '1', '1', '1', '1', '1']]);
      await expectNoAxeViolations(operator, 'admin dashboard, User Journey tab');

      const daily = await openTab(operator, 'Statistici zilnice', 'tab-daily');
      await seeRows(daily.getByTestId('daily-stats'), [[today, '1', '2']]);
      await expectNoAxeViolations(operator, 'admin dashboard, Daily Stats tab');

      const affiliate = await openTab(operator, 'Performanță afiliați', 'tab-affiliate');
      const affiliateRows = affiliate.getByTestId('affiliate-stats');
      // The table opens at the eight columns an operator needs first; unique clicks are one tick away.
      await see(affiliateRows, dashboardTimeoutMs);
      await affiliate.getByRole('button', { name: 'Coloane (8 din 22)', exact: true }).click();
      await affiliate.getByRole('checkbox', { name: 'Clickuri unice', exact: true }).check();
      // Read by column header (the table is wide: impressions, clicks, CTR, per placement, conversions…).
      // Offers shown but not clicked have rows too, ranked after the clicked ones.
      const clickedRows = async () =>
        (await tableRecords(affiliateRows)).filter((r) => r['Clickuri'] !== '0');
      await expect
        .poll(
          async () =>
            (await clickedRows())
              .map((r) => [r['Ofertă'], r['Clickuri'], r['Clickuri unice'], r['Link']])
              .sort(),
          { timeout: dashboardTimeoutMs },
        )
        .toEqual(
          [
            [titles.bridge, '1', '1', 'Deschide'],
            [titles.results, '1', '1', 'Deschide'],
          ].sort(),
        );
      const ranked = await clickedRows();
      expect(ranked.map((r) => r['Loc'])).toEqual(['#1', '#2']);
      for (const row of ranked) expect(row['Ultimul click']).toMatch(recentClickTime);
      await expectNoAxeViolations(operator, 'admin dashboard, Affiliate Performance tab');

      const traffic = await openTab(operator, 'Surse de trafic', 'tab-traffic');
      await seeRows(traffic.getByTestId('traffic-sources'), [['direct', 'none', '—', '1', '100%']]);
      await expectNoAxeViolations(operator, 'admin dashboard, Traffic Sources tab');

      const devices = await openTab(operator, 'Dispozitive și browsere', 'tab-devices');
      await seeRows(devices.getByTestId('device-stats'), [['Chrome pe Linux', 'Desktop', '1']]);
      await expectNoAxeViolations(operator, 'admin dashboard, Devices & Browsers tab');

      const geography = await openTab(operator, 'Geografie', 'tab-geo');
      await seeRows(geography.getByTestId('geographic-stats'), [['America/New_York', 'en-US', '1']]);
      await expectNoAxeViolations(operator, 'admin dashboard, Geography tab');

      const recent = await openTab(operator, 'Activitate recentă', 'tab-recent');
      const recentRows = recent.getByTestId('recent-clicks');
      await expect
        .poll(async () => (await tableRows(recentRows)).map((r) => r.slice(0, 3)), {
          timeout: dashboardTimeoutMs,
        })
        .toEqual([
          [titles.results, visitorId.slice(-8), '127.0.0.0'],
          [titles.bridge, visitorId.slice(-8), '127.0.0.0'],
        ]);
      for (const row of await tableRows(recentRows)) expect(row[3]).toMatch(recentClickTime);
      await expectNoAxeViolations(operator, 'admin dashboard, Recent Activity tab');
    });

    it('"Oferte": the operator creates an offer through the checked form, switches it off and reads its history', async () => {
      const tab = await openTab(operator, 'Oferte', 'tab-offers');
      const table = tab.getByTestId('admin-offers');
      await see(table, dashboardTimeoutMs);
      await tab.getByRole('button', { name: 'Ofertă nouă', exact: true }).click();
      const form = tab.getByRole('form', { name: 'Ofertă nouă' });
      await form.getByRole('button', { name: 'Salvează', exact: true }).click();
      await see(form.getByText('Câmp obligatoriu', { exact: true }).first());
      expect(await form.getByLabel('Titlu', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      const title = `E2E Scale ${mode}`;
      await form.getByLabel('Titlu', { exact: true }).fill(title);
      await form.getByLabel('Descriere', { exact: true }).fill('A scale for the end-to-end test.');
      await form.getByLabel('Link afiliat (https)', { exact: true }).fill('http://shop.example.com/e2e');
      await form.getByLabel('Categorie IMC', { exact: true }).selectOption('Normal');
      await form.getByLabel('Obiectiv', { exact: true }).selectOption('wellness');
      await form.getByLabel('Textul butonului', { exact: true }).fill('Shop the Scale');
      await form.getByRole('button', { name: 'Salvează', exact: true }).click();
      await see(form.getByText('Introdu o adresă completă care începe cu https://', { exact: true }));
      await form.getByLabel('Link afiliat (https)', { exact: true }).fill('https://shop.example.com/e2e');
      await expectNoAxeViolations(operator, 'admin dashboard, offer form');
      await form.getByRole('button', { name: 'Salvează', exact: true }).click();
      await seeTextContaining(toast(operator, 'Oferta a fost salvată'), title);

      const rowOf = async () => (await tableRows(table)).find((r) => r[0] === title);
      await expect
        .poll(async () => (await rowOf())?.slice(1, 5))
        .toEqual(['Normal', 'Stare de bine', 'Activă', '0']);
      const publicOffer = () =>
        operator.evaluate(async (wanted) => {
          const res = await fetch('/api/affiliate-offers/all', { cache: 'no-store' });
          const offers = (await res.json()) as Array<{
            title: string;
            ctaLabel: string;
            evidenceBased: boolean;
          }>;
          return offers.find((o) => o.title === wanted) ?? null;
        }, title);
      expect(await publicOffer()).toMatchObject({ ctaLabel: 'Shop the Scale', evidenceBased: false });

      await tab.getByRole('button', { name: `Dezactivează oferta ${title}`, exact: true }).click();
      await expect.poll(async () => (await rowOf())?.[3]).toBe('Inactivă');
      expect(await publicOffer()).toBeNull();

      await tab.getByRole('button', { name: `Modificări — ${title}`, exact: true }).click();
      const history = operator.getByTestId('offer-changes');
      await expect
        .poll(async () => (await tableRows(history)).map((r) => [r[0], r[2]]))
        .toEqual([
          [system.admin.username, 'Stare: Activă → Inactivă'],
          [system.admin.username, 'a creat oferta'],
        ]);
      for (const row of await tableRows(history)) expect(row[1]).toMatch(recentClickTime);
      await expectNoAxeViolations(operator, 'admin dashboard, Offers tab');
    });

    it('"Resetează toate datele", confirmed twice, empties the numbers', async () => {
      await operator.getByRole('button', { name: 'Resetează toate datele' }).click();
      const first = operator.getByRole('alertdialog', { name: 'Resetezi toate datele?' });
      await see(first);
      await first.getByRole('button', { name: 'Continuă' }).click();
      const second = operator.getByRole('alertdialog', { name: 'Confirmare finală' });
      await see(second);
      await second.getByRole('button', { name: 'Da, șterge definitiv' }).click();
      await seeTextContaining(toast(operator, 'Datele au fost resetate'), 'Au fost șterse');

      await seeText(cardValue(operator, 'card-today-visitors'), '0', dashboardTimeoutMs);
      await seeText(cardDetail(operator, 'card-today-visitors'), '0 afișări de pagină');
      await seeText(cardValue(operator, 'card-today-clicks'), '0');
      await seeText(cardValue(operator, 'card-total-clicks'), '0');
      await seeText(cardValue(operator, 'card-conversion-rate'), '0%');
      await seeText(cardValue(operator, 'card-avg-session'), '0m 0s');
      const empty = 'Nu există date pentru această perioadă.';
      for (const [name, testId] of [
        ['Statistici zilnice', 'tab-daily'],
        ['Performanță afiliați', 'tab-affiliate'],
        ['Surse de trafic', 'tab-traffic'],
        ['Dispozitive și browsere', 'tab-devices'],
        ['Geografie', 'tab-geo'],
        ['Activitate recentă', 'tab-recent'],
      ] as const) {
        const tab = await openTab(operator, name, testId);
        // Every table of the tab is empty; Surse de trafic has two (the sources and Campanii).
        const emptyTables = tab.getByText(empty, { exact: true });
        await see(emptyTables.first(), dashboardTimeoutMs);
        if (testId === 'tab-traffic') await expect.poll(() => emptyTables.count()).toBe(2);
      }
      const journey = await openTab(operator, 'Parcursul utilizatorului', 'tab-journey');
      await seeRows(journey.getByTestId('today-funnel'), [
        ['Vizitatori pe pagina principală', '0', '0%'],
        ['Formular început', '0', '0%'],
        ['Formular completat', '0', '0%'],
        ['Rezultate vizualizate', '0', '0%'],
        ['E-mail furnizat', '0', '0%'],
        ['Raport trimis', '0', '0%'],
      ]);
      await see(journey.getByText('Total vizitatori: 0', { exact: true }));
    });

    it('signing out returns to the login screen, also after a reload', async () => {
      await operator.getByRole('button', { name: 'Deconectare', exact: true }).click();
      await seeTextContaining(toast(operator, 'Te-ai deconectat'), 'Sesiunea a fost închisă.');
      await seeText(operator.getByRole('heading', { level: 1 }), 'Panou de administrare');
      expect(await operator.evaluate(() => localStorage.getItem('bm_admin_session_id'))).toBeNull();
      await operator.reload();
      await seeText(operator.getByRole('heading', { level: 1 }), 'Panou de administrare');
    });
  },
);
