// Script-injection payloads in everything a visitor (or a hand-edited row) can put in front of the
// operator — visitor ids, page URLs (UTM source and medium), referrers, user agents, browser, system,
// time zone and language, live-list entries, offer titles and URLs, an admin's name — travel the real
// way (gateway → tracking → Kafka → aggregator → Postgres, or the live socket), then the admin dashboard
// served by the gateway is opened in Chromium and every tab visited. Nothing runs: `window.__xss` stays
// unset, no dialog opens, the Content-Security-Policy never had to block anything (so the app itself
// escaped the text), no element the payloads describe exists, and each payload is shown as literal text.
// Contact messages and report names, which the dashboard does not show, go to the operator and the
// visitor by mail: the contact mail is plain text only, the report mail carries the name escaped. Legal
// HTML stored with active content is inert in the public app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, openLiveSocket, type LiveSocket } from '@bodymetrics/testing';
import { pipelinePatience } from './pipeline';
import { launchChromium } from './browser';
import { hostileLegalHtml, xssPayloads as x } from './payloads';
import { contactBody, desktopChrome, journeyBody, pageVisitBody, post } from './requests';
import { adminPassword, createOperator, startSystem, type System } from './system';

/** What each payload was put into, and so where it must show up as text. */
const hostile = {
  adminName: `operator ${x.img}`,
  visitorId: x.svg,
  utmSource: x.img,
  utmMedium: x.script,
  referrer: `https://evil.example/${x.svg}`,
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${x.img}`,
  browserName: x.img,
  operatingSystem: x.script,
  timeZone: x.svg,
  language: x.attribute,
  offerTitle: `Shake ${x.img}`,
  offerUrl: x.javascriptUrl,
  /** Sent with the click and ignored: the stored title is the offer's. */
  clickTitle: `Bars ${x.script}`,
  liveVisitorId: `live ${x.svg}`,
  livePage: `/${x.img}`,
  liveBrowser: x.script,
  liveLocation: x.attribute,
};

let system: System;
let browser: Browser;
let liveVisitor: LiveSocket;
let liveHeartbeat: NodeJS.Timeout;

beforeAll(async () => {
  system = await startSystem({ label: 'xss', aggregator: true });
  await createOperator(system.db, hostile.adminName);
  await system.db
    .insertInto('legal_pages')
    .values({ slug: 'privacy', title: `Privacy ${x.img}`, content: hostileLegalHtml })
    .execute();
  const offer = await system.db
    .insertInto('affiliate_offers')
    .values({
      title: hostile.offerTitle,
      description: x.script,
      url: hostile.offerUrl,
      bmi_category: 'Overweight',
      goal: 'weight_loss',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const from = { userAgent: desktopChrome };
  const pageUrl = `http://127.0.0.1:8080/?utm_source=${encodeURIComponent(hostile.utmSource)}&utm_medium=${encodeURIComponent(hostile.utmMedium)}`;
  const accepted = [
    await post(
      system.gateway,
      '/api/analytics/page-visit',
      pageVisitBody(hostile.visitorId, {
        pageUrl,
        referrer: hostile.referrer,
        browserName: hostile.browserName,
        operatingSystem: hostile.operatingSystem,
        timeZone: hostile.timeZone,
        language: hostile.language,
      }),
      from,
    ),
    await post(
      system.gateway,
      '/api/analytics/page-visit',
      pageVisitBody('agent', { pageUrl, userAgent: hostile.userAgent }),
      from,
    ),
    await post(
      system.gateway,
      '/api/journey/track',
      journeyBody(hostile.visitorId, 'landing', { stepData: { note: x.script } }),
      from,
    ),
    await post(
      system.gateway,
      '/api/analytics/affiliate-click',
      {
        offerId: offer.id,
        offerTitle: hostile.clickTitle,
        // A click's own offerUrl must be http(s) now (a javascript: one is refused with 400, see the
        // tracking contract tests); the hostile javascript: URL reaches the dashboard through the offer row.
        offerUrl: hostile.referrer,
        visitorId: hostile.visitorId,
        ipAddress: null,
        userAgent: hostile.userAgent,
        referrer: hostile.referrer,
      },
      from,
    ),
    await post(system.gateway, `/api/affiliate-offers/${offer.id}/click`, undefined, {
      ...from,
      headers: { referer: hostile.referrer },
    }),
  ];
  for (const res of accepted) expect(res.statusCode, res.body).toBe(202);
  await eventually(async () => {
    // The results click; the counter call moves only the offer's own counter (no analytics row).
    expect(await system.db.selectFrom('affiliate_clicks').select('event_id').execute()).toHaveLength(1);
    expect(await system.db.selectFrom('daily_traffic').select('source').distinct().execute()).toEqual([
      { source: hostile.utmSource },
    ]);
    expect(
      await system.db
        .selectFrom('page_visits')
        .select('user_agent')
        .where('visitor_id', '=', 'agent')
        .execute(),
    ).toEqual([{ user_agent: hostile.userAgent }]);
  }, pipelinePatience);

  // A visitor on the site right now, as the public app's socket reports it.
  liveVisitor = openLiveSocket(system.baseUrl, '/analytics-ws');
  await liveVisitor.opened;
  const activity = {
    type: 'user_active',
    data: {
      visitorId: hostile.liveVisitorId,
      sessionId: 'live-session',
      currentPage: hostile.livePage,
      deviceType: 'desktop',
      browser: hostile.liveBrowser,
      location: hostile.liveLocation,
    },
  };
  liveVisitor.send(activity);
  liveHeartbeat = setInterval(() => liveVisitor.send(activity), 20_000);

  browser = await launchChromium();
});

afterAll(async () => {
  clearInterval(liveHeartbeat);
  liveVisitor?.socket.close();
  await browser?.close();
  await system?.close();
});

interface Watched {
  page: Page;
  dialogs: string[];
}

/** A page that records dialogs and CSP violations from its first script on. */
async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({
    baseURL: system.baseUrl,
    viewport: { width: 1440, height: 1000 },
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod's one-time `new Function('')` probe (it falls back when refused) is the app's own bundle, not a payload.
      if (e.blockedURI === 'eval' && /\/assets\/[\w-]+\.js$/.test(e.sourceFile)) return;
      w.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** Waits until `text` is shown as the whole text of some element inside `scope`. */
async function seeLiteral(scope: Locator | Page, text: string): Promise<void> {
  await scope.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function expectNothingRan({ page, dialogs }: Watched): Promise<void> {
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xss?: unknown; __cspViolations: string[] };
    return {
      xss: w.__xss,
      cspViolations: w.__cspViolations,
      injected: document.querySelectorAll(
        'img[src="x"], svg[onload], script:not([src]), [onerror], [onfocus], [onclick]',
      ).length,
      javascriptLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
    };
  });
  expect(state).toEqual({ xss: undefined, cspViolations: [], injected: 0, javascriptLinks: 0 });
  expect(dialogs).toEqual([]);
}

describe('the admin dashboard with hostile data', () => {
  it('shows every payload as text on the cards, the live list and all seven tabs, and runs none of them', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    await page.goto('/admin');
    await page.getByLabel('Nume utilizator').fill(hostile.adminName);
    await page.getByLabel('Parolă').fill(adminPassword);
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await page.getByRole('heading', { name: 'Analize BodyMetrics' }).waitFor();

    // The operator's own name, the top traffic source card, and the live visitor.
    await seeLiteral(page, `Conectat ca ${hostile.adminName}`);
    await seeLiteral(page, hostile.utmSource);
    const live = page.getByTestId('live-users');
    await seeLiteral(live, hostile.livePage);
    await seeLiteral(live, hostile.liveBrowser);
    await seeLiteral(live, hostile.liveLocation);

    const tab = async (name: string, id: string) => {
      await page.getByRole('tab', { name }).click();
      return page.getByTestId(`tab-${id}`);
    };
    await tab('Parcursul utilizatorului', 'journey');
    await tab('Statistici zilnice', 'daily');

    const affiliate = await tab('Performanță afiliați', 'affiliate');
    await seeLiteral(affiliate, hostile.offerTitle);
    await seeLiteral(affiliate, 'Link indisponibil'); // the javascript: URL never became a link

    const traffic = await tab('Surse de trafic', 'traffic');
    await seeLiteral(traffic, hostile.utmSource);
    await seeLiteral(traffic, hostile.utmMedium);
    await seeLiteral(traffic, 'evil.example');

    const devices = await tab('Dispozitive și browsere', 'devices');
    await seeLiteral(devices, `${hostile.browserName} pe ${hostile.operatingSystem}`);

    const geography = await tab('Geografie', 'geo');
    await seeLiteral(geography, hostile.timeZone);
    await seeLiteral(geography, hostile.language);

    const recent = await tab('Activitate recentă', 'recent');
    // The click's own title is the offer's (tracking ignores the one the client sent).
    await seeLiteral(recent, hostile.offerTitle);
    // The visitor id is shortened on screen and kept whole, as text, in the tooltip.
    const titles = await page.evaluate(() =>
      [...document.querySelectorAll('[title]')].map((e) => e.getAttribute('title')),
    );
    expect(titles).toContain(hostile.visitorId);

    await expectNothingRan(watched);
    await page.context().close();
  });
});

describe('the public app with hostile legal HTML', () => {
  it('renders the policy text and links, and nothing in it runs', async () => {
    const watched = await watchedPage();
    const { page } = watched;
    await page.goto('/legal/privacy');
    await seeLiteral(page, `Privacy ${x.img}`);
    await page.getByRole('link', { name: 'Your rights' }).waitFor();
    await seeLiteral(page, 'Click me');
    await expectNothingRan(watched);
    await page.context().close();
  });
});

describe('what is mailed instead of shown on the dashboard', () => {
  it('a contact message goes to the operator as plain text, payloads stored and mailed literally', async () => {
    const contact = contactBody({ fullName: x.img, message: `Hello ${x.script} ${x.svg}` });
    expect((await post(system.gateway, '/api/contact', contact, { ip: '198.51.100.5' })).statusCode).toBe(
      200,
    );
    const mail = await system.smtp.waitFor((m) => (m.subject ?? '').includes('[BodyMetrics contact]'));
    expect(mail.html).toBe(false);
    expect(mail.text).toContain(`Hello ${x.script} ${x.svg}`);
    expect(await system.db.selectFrom('contact_messages').select(['full_name', 'message']).execute()).toEqual(
      [{ full_name: x.img, message: contact.message }],
    );
  });

  it("a report mail shows the visitor's name escaped, never as markup", async () => {
    const res = await post(system.gateway, '/api/email-report', {
      name: `Ana ${x.img}`,
      email: 'ana@example.com',
      metrics: {
        age: 30,
        gender: 'male',
        activityLevel: 'sedentary',
        measurementSystem: 'imperial',
        weight: 180,
        height: 70,
      },
      selectedGoal: null,
      offers: [],
      consent: { healthData: true, newsletter: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await system.smtp.waitFor(
      (m) => m.to !== undefined && JSON.stringify(m.to).includes('ana@example.com'),
    );
    const html = String(mail.html);
    expect(html).not.toContain(x.img);
    expect(html).toContain('Ana &lt;img src=x onerror=window.__xss=1&gt;');
  });
});
