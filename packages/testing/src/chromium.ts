// The system's Chromium (Debian's package) driven by playwright-core, with the flags these machines need
// (no sandbox as root, no background networking: the network is closed), for every browser test.
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The user agent of the same Chromium when it has a window. Headless Chromium says "HeadlessChrome",
 * which the analytics rightly count as a bot and leave out of every figure; a visitor's browser does not.
 */
export const windowedChromeUserAgent = (browser: Browser | string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${
    typeof browser === 'string' ? browser : (browser.version().split('.')[0] ?? '0')
  }.0.0.0 Safari/537.36`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    // Playwright's default is 30 s. A fresh machine's first launches, several at once beside the other
    // test files on two cores, can take longer; a browser test's hook has 120 s in all.
    timeout: 90_000,
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
      // a context's user-agent override, and "HeadlessChrome" would be counted as the bot it is.
      `--user-agent=${windowedChromeUserAgent('140')}`,
    ],
  });
}
