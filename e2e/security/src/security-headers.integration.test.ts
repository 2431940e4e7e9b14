// The browser security headers and the exact Content-Security-Policy on what the gateway serves: the
// public app, the admin app, an API answer of a service, an error, and a rate-limited answer.
// HSTS is sent only by a site whose public address is https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '@bodymetrics/gateway';
import { startSystem, type System } from './system';
import { get, post } from './requests';

/** Written out by hand: any change to the policy must be made here too, on purpose. */
const expectedCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join(';');

const expectedHeaders: Record<string, string> = {
  'content-security-policy': expectedCsp,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  // The legacy XSS auditor is switched off (it caused leaks of its own); the CSP does the work.
  'x-xss-protection': '0',
};

let system: System;
let httpsGateway: Gateway;

beforeAll(async () => {
  system = await startSystem({ label: 'headers', trackingPerMinute: 1 });
  httpsGateway = await buildGateway({
    inProcess: system.inProcess,
    publicBaseUrl: 'https://bodymetrics.example',
  });
});

afterAll(async () => {
  await httpsGateway?.close();
  await system?.close();
});

const responses = {
  'the public app (/)': () => get(system.gateway, '/'),
  'a public client route (/legal/privacy)': () => get(system.gateway, '/legal/privacy'),
  'the admin app (/admin)': () => get(system.gateway, '/admin'),
  'an API answer (GET /api/affiliate-offers/all)': () => get(system.gateway, '/api/affiliate-offers/all'),
  'an admin API refusal (GET /api/analytics/overview, 401)': () =>
    get(system.gateway, '/api/analytics/overview'),
  'an unknown API path (404)': () => get(system.gateway, '/api/does-not-exist'),
};

describe('security headers over http', () => {
  it.each(Object.keys(responses))('%s carries every header, the exact CSP and no HSTS', async (name) => {
    const res = await responses[name as keyof typeof responses]();
    expect(res.statusCode).toBeLessThan(500);
    for (const [header, value] of Object.entries(expectedHeaders))
      expect(res.headers[header], header).toBe(value);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('the two apps are served as HTML under that policy', async () => {
    for (const url of ['/', '/admin']) {
      const res = await get(system.gateway, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // No inline script could run under script-src 'self': the builds load their code from files.
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/i);
    }
  });

  it('a rate-limited answer carries the headers too', async () => {
    const ip = '203.0.113.77';
    await post(
      system.gateway,
      '/api/journey/track',
      { visitorId: 'v', sessionId: 's', step: 'landing' },
      { ip },
    );
    const limited = await post(
      system.gateway,
      '/api/journey/track',
      { visitorId: 'v', sessionId: 's', step: 'landing' },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-security-policy']).toBe(expectedCsp);
  });
});

describe('a site whose public address is https', () => {
  it.each(['/', '/admin', '/api/affiliate-offers/all'])(
    '%s also sends HSTS for a year, subdomains included',
    async (url) => {
      const res = await httpsGateway.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toBe(expectedCsp);
    },
  );
});
