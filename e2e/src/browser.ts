// A real Chromium (Debian's package, driven by playwright-core) and browser contexts that behave like a
// visitor's or the operator's browser.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, windowedChromeUserAgent } from '@bodymetrics/testing';

export { chromiumPath } from '@bodymetrics/testing';
export const launchBrowser = launchChromium;
export const desktopChromeUserAgent = windowedChromeUserAgent;

export interface PersonOptions {
  baseUrl: string;
  timezoneId?: string;
  locale?: string;
  /**
   * The person's own network address, as a proxy in front of the gateway names it (X-Forwarded-For; the
   * system must trust one proxy hop). Without it every person of a test shares 127.0.0.1 and one browser
   * build: one counted visitor, as two people behind one NAT with the same browser would be.
   */
  address?: string;
}

/** The offer links lead to partners' sites; a test never leaves for the internet, it gets this page. */
const partnerPage =
  '<!doctype html><html lang="en"><title>Partner offer</title><h1>Partner offer</h1></html>';

/** A desktop browser with its own storage: one visitor (or the operator). */
export async function newPerson(
  browser: Browser,
  { baseUrl, timezoneId = 'America/New_York', locale = 'en-US', address }: PersonOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    userAgent: desktopChromeUserAgent(browser),
    viewport: { width: 1280, height: 900 },
    timezoneId,
    locale,
    ...(address ? { extraHTTPHeaders: { 'x-forwarded-for': address } } : {}),
  });
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: partnerPage }),
  );
  const page = await context.newPage();
  // A renderer that dies fails whatever the test does next with "page closed"; say why it closed.
  page.on('crash', () =>
    console.error(`[browser] the page at ${page.url()} crashed (its renderer process died)`),
  );
  return { context, page };
}

/** Clicks a link that opens in a new tab, checks where the tab went, and closes it again. */
export async function clickThroughToNewTab(page: Page, click: () => Promise<void>): Promise<string> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await tab.waitForLoadState('domcontentloaded');
  const url = tab.url();
  await tab.close();
  return url;
}
