// What a browser sends, built once: tracking bodies as the public app posts them, and requests through
// the gateway from a chosen client address and user agent (the gateway is the only thing a test talks to).
import type { Gateway } from '@bodymetrics/gateway';

export const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export interface From {
  /** The client address the gateway sees. */
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
}

export function send(
  gateway: Gateway,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  from: From = {},
) {
  return gateway.inject({
    method,
    url,
    remoteAddress: from.ip ?? '203.0.113.200',
    // Chromium's Fetch Metadata on the site's own requests: the gateway requires it (or Origin) on admin writes.
    headers: {
      'user-agent': from.userAgent ?? desktopChrome,
      'sec-fetch-site': 'same-origin',
      ...from.headers,
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export const post = (gateway: Gateway, url: string, body?: unknown, from?: From) =>
  send(gateway, 'POST', url, body, from);
export const get = (gateway: Gateway, url: string, from?: From) => send(gateway, 'GET', url, undefined, from);

/** POST /api/analytics/page-visit's body (spec §3 "Page-visit record"). */
export function pageVisitBody(visitorId: string, overrides: Record<string, unknown> = {}) {
  return {
    visitorId,
    sessionId: `${visitorId}-session`,
    pageUrl: 'http://127.0.0.1:8080/',
    userAgent: desktopChrome,
    referrer: null,
    deviceType: 'desktop',
    browserName: 'Chrome',
    operatingSystem: 'Linux',
    screenResolution: '1920x1080',
    language: 'ro-RO',
    timeZone: 'Europe/Bucharest',
    isReturningVisitor: 0,
    trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
    ...overrides,
  };
}

export function journeyBody(visitorId: string, step: string, overrides: Record<string, unknown> = {}) {
  return {
    visitorId,
    sessionId: `${visitorId}-session`,
    step,
    userAgent: desktopChrome,
    deviceType: 'desktop',
    ...overrides,
  };
}

export function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Ana Pop',
    email: 'ana.pop@example.com',
    reason: 'General Inquiry',
    message: 'Hello, I have a question about the calculator.',
    ...overrides,
  };
}
