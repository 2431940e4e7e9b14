// A real Chromium (Debian's package, driven by playwright-core) and browser contexts that behave like a
// visitor's or the operator's browser.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The process-wide default too: requests the page no longer owns (the unload beacons) do not take
      // the context's user-agent override, and "HeadlessChrome" would be counted as the bot it is.
      `--user-agent=${windowedChromeUserAgent('140')}`,
    ],
  });
}

const windowedChromeUserAgent = (major: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;

/**
 * The user agent of the same Chromium when it has a window. Headless Chromium says "HeadlessChrome",
 * which the analytics rightly count as a bot and leave out of every figure; a visitor's browser does not.
 */
export function desktopChromeUserAgent(browser: Browser): string {
  return windowedChromeUserAgent(browser.version().split('.')[0] ?? '0');
}

export interface PersonOptions {
  baseUrl: string;
  timezoneId?: string;
  locale?: string;
}

/** The offer links lead to partners' sites; a test never leaves for the internet, it gets this page. */
const partnerPage =
  '<!doctype html><html lang="en"><title>Partner offer</title><h1>Partner offer</h1></html>';

/** A desktop browser with its own storage: one visitor (or the operator). */
export async function newPerson(
  browser: Browser,
  { baseUrl, timezoneId = 'America/New_York', locale = 'en-US' }: PersonOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    userAgent: desktopChromeUserAgent(browser),
    viewport: { width: 1280, height: 900 },
    timezoneId,
    locale,
  });
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: partnerPage }),
  );
  const page = await context.newPage();
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
