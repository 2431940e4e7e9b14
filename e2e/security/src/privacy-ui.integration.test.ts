// The public app's privacy promises in a real Chromium, served by the real gateway in front of the real
// services: Global Privacy Control and Do Not Track mean no tracking call and no live socket at all; the
// storage-choice banner keeps the visitor id tab-only until analytics storage is allowed, remembers the
// answer and lets the footer change it; after "allow" the next visit (a new tab) is sent as returning, and a
// visitor who never allowed stays new; the report form asks separately — neither box pre-ticked — for
// consent to process the health data (required) and for the newsletter (only then is the address subscribed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { HEALTH_DATA_CONSENT_REQUIRED } from '@bodymetrics/contracts';
import { seedContent } from '@bodymetrics/db';
import { eventually } from '@bodymetrics/testing';
import { launchChromium, visitorUserAgent } from './browser';
import { startSystem, type System } from './system';

let system: System;
let browser: Browser;

beforeAll(async () => {
  system = await startSystem({ label: 'privacy_ui' });
  await seedContent(system.db);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await system?.close();
});

const trackingPath =
  /\/api\/(?:analytics\/(?:page-visit|session-duration|affiliate-click)|journey\/track|session\/store|affiliate-offers\/(?:\d+\/)?click)$/;

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every tracking request the page made, in order. */
  tracking: Request[];
  /** Every WebSocket the page opened. */
  sockets: string[];
}

async function visit(signals: { globalPrivacyControl?: boolean; doNotTrack?: string } = {}): Promise<Visit> {
  const context = await browser.newContext({ baseURL: system.baseUrl, userAgent: visitorUserAgent(browser) });
  // What a browser with the setting switched on reports to pages.
  await context.addInitScript((s) => {
    if (s.globalPrivacyControl !== undefined)
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
        get: () => s.globalPrivacyControl,
      });
    if (s.doNotTrack !== undefined)
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => s.doNotTrack });
  }, signals);
  const page = await context.newPage();
  const tracking: Request[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => {
    if (trackingPath.test(new URL(r.url()).pathname)) tracking.push(r);
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  return { context, page, tracking, sockets };
}

/**
 * The app starts its tracking after the first paint, when the browser is idle; let a frame and an idle
 * period pass (the app's own callbacks were queued first), then the network go quiet.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 5_000 })),
      ),
  );
  await page.waitForLoadState('networkidle');
}

/**
 * The page's next page-visit call. Asked for before the navigation that makes it: the app sends it once the
 * browser is idle, which on a loaded machine can come after settle() saw the network idle.
 */
const nextPageVisit = (page: Page) =>
  page.waitForRequest((r) => r.url().endsWith('/api/analytics/page-visit'));

const storageOf = (page: Page) =>
  page.evaluate(() => ({
    local: { ...localStorage },
    session: { ...sessionStorage },
  }));

const banner = (page: Page) => page.getByTestId('storage-choice');
const visitorIdSent = (r: Request) => (r.postDataJSON() as { visitorId?: string }).visitorId;

describe('browser privacy signals', () => {
  it('without a signal the app does track (the control for the cases below)', async () => {
    const { context, page, tracking, sockets } = await visit();
    const pageVisit = nextPageVisit(page);
    await page.goto('/');
    await pageVisit;
    await settle(page);
    expect(tracking.map((r) => new URL(r.url()).pathname)).toContain('/api/analytics/page-visit');
    await eventually(async () => expect(sockets.some((u) => u.endsWith('/analytics-ws'))).toBe(true));
    await context.close();
  });

  it.each([
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('with %s: no tracking call, no live socket, no stored visitor id, no banner', async (_name, signals) => {
    const { context, page, tracking, sockets } = await visit(signals);
    await page.goto('/');
    await settle(page);
    await page.getByRole('link', { name: 'Cookie Policy' }).first().click();
    await page.getByRole('heading', { name: 'Cookie Policy' }).waitFor();
    await settle(page);

    expect(tracking.map((r) => r.url())).toEqual([]);
    expect(sockets).toEqual([]);
    const { local } = await storageOf(page);
    expect(local).not.toHaveProperty('bm_visitor_id');
    expect(local).not.toHaveProperty('has_visited');
    expect(await banner(page).count()).toBe(0);

    // "Privacy choices" says why nothing is sent.
    await page.getByRole('button', { name: 'Privacy choices' }).click();
    await banner(page)
      .getByText(/Your browser sends a privacy signal/)
      .waitFor();
    await context.close();
  });
});

describe('the storage-choice banner', () => {
  it('keeps the visitor id tab-only until allowed, then keeps the same id; remembers the answer; the footer changes it', async () => {
    const { context, page } = await visit();
    const firstVisit = nextPageVisit(page);
    await page.goto('/');
    await banner(page).getByRole('heading', { name: 'Your storage choice' }).waitFor();
    await settle(page);

    // Before any answer: tracked under a tab-only id, nothing that outlives the tab.
    const tabId = visitorIdSent(await firstVisit);
    expect(tabId).toEqual(expect.any(String));
    let stored = await storageOf(page);
    expect(stored.session.bm_visitor_id).toBe(tabId);
    expect(stored.local).not.toHaveProperty('bm_visitor_id');
    expect(stored.local).not.toHaveProperty('has_visited');

    await banner(page).getByRole('button', { name: 'Allow analytics storage' }).click();
    expect(await banner(page).count()).toBe(0);
    stored = await storageOf(page);
    expect(stored.local.bm_visitor_id).toBe(tabId);
    expect(stored.local.bm_storage_choice).toBe('analytics');
    expect(stored.session).not.toHaveProperty('bm_visitor_id');

    // The next visit: no banner, the same id, now a returning visitor.
    const secondVisit = nextPageVisit(page);
    await page.reload();
    await settle(page);
    expect(await banner(page).count()).toBe(0);
    expect(visitorIdSent(await secondVisit)).toBe(tabId);
    expect((await storageOf(page)).local.has_visited).toBeDefined();

    // Changed from the footer: the stored id and flag are deleted, and the choice is remembered.
    await page.getByRole('button', { name: 'Privacy choices' }).click();
    await banner(page).getByText('Your current choice: analytics storage allowed.').waitFor();
    await banner(page).getByRole('button', { name: 'Necessary storage only' }).click();
    expect(await banner(page).count()).toBe(0);
    stored = await storageOf(page);
    expect(stored.local).not.toHaveProperty('bm_visitor_id');
    expect(stored.local).not.toHaveProperty('has_visited');
    expect(stored.local.bm_storage_choice).toBe('necessary');
    await page.reload();
    await settle(page);
    expect(await banner(page).count()).toBe(0);
    expect((await storageOf(page)).local).not.toHaveProperty('bm_visitor_id');
    await context.close();
  });
});

describe('returning visitors', () => {
  /** A new tab of the same browser (a new visit, new session storage) and its first page-visit body. */
  async function nextVisit(context: BrowserContext) {
    const page = await context.newPage();
    const [pageVisit] = await Promise.all([nextPageVisit(page), page.goto('/')]);
    await settle(page);
    return { page, body: pageVisit.postDataJSON() as { visitorId: string; isReturningVisitor: number } };
  }

  it('after "allow" on visit 1, the next visit in a new tab is sent as returning with the same id', async () => {
    const { context, page } = await visit();
    const firstVisit = nextPageVisit(page);
    await page.goto('/');
    await banner(page).getByRole('heading', { name: 'Your storage choice' }).waitFor();
    await settle(page);
    const first = (await firstVisit).postDataJSON() as { visitorId: string; isReturningVisitor: number };
    expect(first.isReturningVisitor).toBe(0);
    await banner(page).getByRole('button', { name: 'Allow analytics storage' }).click();
    await page.close();

    const second = await nextVisit(context);
    expect(second.body.isReturningVisitor).toBe(1);
    expect(second.body.visitorId).toBe(first.visitorId);
    await context.close();
  });

  it('a visitor who never allowed analytics storage is sent as new on the next visit too', async () => {
    const { context, page } = await visit();
    await page.goto('/');
    await banner(page).getByRole('heading', { name: 'Your storage choice' }).waitFor();
    await settle(page);
    await page.close();

    const second = await nextVisit(context);
    expect(second.body.isReturningVisitor).toBe(0);
    const { local } = await storageOf(second.page);
    expect(local).not.toHaveProperty('has_visited');
    expect(local).not.toHaveProperty('bm_visitor_id');
    await context.close();
  });
});

describe('the report form', () => {
  it('asks for health-data consent and the newsletter separately, unticked; sends nothing without the first', async () => {
    const { context, page } = await visit();
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Necessary storage only' }).click();

    const form = page.getByTestId('health-form');
    await form.getByLabel('Age', { exact: true }).fill('30');
    await form.getByLabel('Gender', { exact: true }).selectOption('male');
    await form.getByLabel('Height Feet', { exact: true }).selectOption('5');
    await form.getByLabel('Height Inches', { exact: true }).selectOption('10');
    await form.getByLabel('Weight (lbs)', { exact: true }).fill('180');
    await form.getByLabel('Activity Level', { exact: true }).selectOption('sedentary');
    await page.getByRole('button', { name: 'Get My Free Report!' }).click();
    await page.getByRole('button', { name: 'View Full Results & Analysis' }).click();
    await page.getByTestId('results-page').waitFor();

    await page.getByRole('button', { name: 'Send My Health Report' }).click();
    const report = page.getByTestId('report-form');
    const healthData = report.getByLabel(
      /^I agree that BodyMetrics processes the health information I entered/,
    );
    const newsletter = report.getByLabel(/^Also send me the BodyMetrics newsletter/);
    expect(await healthData.isChecked()).toBe(false);
    expect(await newsletter.isChecked()).toBe(false);

    const sent: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/email-report')) sent.push(r);
    });
    await report.getByLabel('Name', { exact: true }).fill('Ana Pop');
    await report.getByLabel('Email', { exact: true }).fill('ana.consent@example.com');
    await report.getByRole('button', { name: 'Send My Report' }).click();
    await report.getByText(HEALTH_DATA_CONSENT_REQUIRED).waitFor();
    expect(sent).toEqual([]);

    await healthData.check();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/email-report')),
      report.getByRole('button', { name: 'Send My Report' }).click(),
    ]);
    expect((request.postDataJSON() as { consent: unknown }).consent).toEqual({
      healthData: true,
      newsletter: false,
    });
    await report.getByText('Success! Your health report has been sent to ana.consent@example.com.').waitFor();
    await system.smtp.waitFor((m) => JSON.stringify(m.to ?? '').includes('ana.consent@example.com'));
    expect(
      await system.db
        .selectFrom('newsletter_subscribers')
        .select('email')
        .where('email', '=', 'ana.consent@example.com')
        .execute(),
    ).toEqual([]);
    await context.close();
  });

  it('shows the name rule under the Name field (no links) and sends nothing; the newsletter box says it needs confirming', async () => {
    const { context, page } = await visit();
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Necessary storage only' }).click();
    const form = page.getByTestId('health-form');
    await form.getByLabel('Age', { exact: true }).fill('30');
    await form.getByLabel('Gender', { exact: true }).selectOption('male');
    await form.getByLabel('Height Feet', { exact: true }).selectOption('5');
    await form.getByLabel('Height Inches', { exact: true }).selectOption('10');
    await form.getByLabel('Weight (lbs)', { exact: true }).fill('180');
    await form.getByLabel('Activity Level', { exact: true }).selectOption('sedentary');
    await page.getByRole('button', { name: 'Get My Free Report!' }).click();
    await page.getByRole('button', { name: 'View Full Results & Analysis' }).click();
    await page.getByTestId('results-page').waitFor();

    await page.getByRole('button', { name: 'Send My Health Report' }).click();
    const report = page.getByTestId('report-form');
    await report
      .getByLabel(/^Also send me the BodyMetrics newsletter.*ask me to confirm the subscription first/)
      .waitFor();
    const sent: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/email-report')) sent.push(r);
    });
    const name = report.getByLabel('Name', { exact: true });
    await name.fill('Ana http://evil.example');
    await report.getByLabel('Email', { exact: true }).fill('ana.link@example.com');
    await report.getByLabel(/^I agree that BodyMetrics processes the health information I entered/).check();
    await report.getByRole('button', { name: 'Send My Report' }).click();
    const error = report.locator('#report-name-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Name must not contain a link or web address');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toBe('report-name-error');
    expect(sent).toEqual([]);
    await context.close();
  });
});
