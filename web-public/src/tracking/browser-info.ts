// Browser and operating-system names for the page-visit record. bowser (a maintained, small parser) is
// loaded on demand so it never weighs on the first paint; the same parser for every browser keeps the
// names consistent on the dashboard ("Chrome", not sometimes "Google Chrome").
export interface BrowserInfo {
  browserName: string;
  operatingSystem: string;
}

interface ParsedAgent {
  browser: { name?: string };
  os: { name?: string };
}

export function browserInfoFrom(parsed: ParsedAgent): BrowserInfo {
  return {
    browserName: parsed.browser.name?.trim() || 'Unknown',
    operatingSystem: parsed.os.name?.trim() || 'Unknown',
  };
}

let pending: Promise<BrowserInfo> | undefined;

export function loadBrowserInfo(userAgent: string): Promise<BrowserInfo> {
  pending ??= import('bowser')
    .then(({ default: Bowser }) => browserInfoFrom(Bowser.parse(userAgent)))
    .catch(() => ({ browserName: 'Unknown', operatingSystem: 'Unknown' }));
  return pending;
}
