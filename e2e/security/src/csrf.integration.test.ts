// CSRF beyond SameSite, in a real Chromium. The admin is logged in on the gateway's origin (the admin app,
// cookie SameSite=Strict); a page on ANOTHER loopback port — same site, other origin, as a sibling
// subdomain would be in production — tries what a cross-site page could otherwise do: wipe all analytics with an
// auto-submitted `enctype="text/plain"` form, log the admin out the same way, and read the admin live feed
// over a cross-origin WebSocket. The cookie travels with each (same site), so only the gateway's
// same-origin rule (Sec-Fetch-Site / Origin) and the services' refusal of text/plain bodies stop them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, visitorUserAgent } from './browser';
import { post } from './requests';
import { adminPassword, createOperator, startSystem, type System } from './system';

let system: System;
let browser: Browser;
/** The other site's server; undefined until beforeAll has started it. */
let attacker: Server | undefined;
let attackerUrl: string;

/** The attacker's pages: each does one thing on load, against the gateway at `target`. */
function attackerPage(path: string, target: string): string | undefined {
  // text/plain encodes `name=value`: this name and value make the body the JSON `{"a":"="}`.
  const form = (action: string) => `<!doctype html><title>win a prize</title>
<form method="POST" action="${target}${action}" enctype="text/plain">
  <input type="hidden" name='{"a":"' value='"}'>
</form>
<script>document.forms[0].submit()</script>`;
  if (path === '/reset') return form('/api/analytics/reset-all-data');
  if (path === '/logout') return form('/api/admin/logout');
  if (path.startsWith('/socket')) {
    const query = path.includes('admin') ? '?role=admin' : '';
    return `<!doctype html><title>live</title><script>
window.result = { opened: false, messages: [], closed: null };
const ws = new WebSocket('${target.replace(/^http/, 'ws')}/analytics-ws${query}');
ws.onopen = () => { window.result.opened = true; ws.send(JSON.stringify({ type: 'request_analytics' })); };
ws.onmessage = (e) => window.result.messages.push(String(e.data));
ws.onclose = (e) => { window.result.closed = e.code; };
</script>`;
  }
  return undefined;
}

beforeAll(async () => {
  system = await startSystem({ label: 'csrf' });
  await createOperator(system.db, 'operator');
  browser = await launchChromium();
  const server = createServer((req, res) => {
    const html = attackerPage(req.url ?? '/', system.baseUrl);
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? '');
  });
  attacker = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  // A beforeAll that failed before the attacker's server existed leaves nothing to close.
  const server = attacker;
  if (server) await new Promise((resolve) => server.close(resolve));
  await system?.close();
});

/** A browser with the admin logged in through the admin app (its own fetches pass the same-origin rule). */
async function loggedInAdmin(): Promise<{ context: BrowserContext; admin: Page }> {
  const context = await browser.newContext({ baseURL: system.baseUrl, userAgent: visitorUserAgent(browser) });
  const admin = await context.newPage();
  await admin.goto('/admin');
  await admin.getByLabel('Nume utilizator').fill('operator');
  await admin.getByLabel('Parolă').fill(adminPassword);
  await admin.getByRole('button', { name: 'Autentificare' }).click();
  await admin.getByRole('heading', { name: 'Analize BodyMetrics' }).waitFor();
  return { context, admin };
}

/** The admin session as the admin app checks it: same-origin, with the cookie. */
const sessionOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/admin/validate-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await res.json()) as { valid: boolean };
  });

/** Opens the attacker's page in the admin's browser and waits for the gateway's answer to its form. */
async function submitFrom(context: BrowserContext, path: string, target: string): Promise<number> {
  const page = await context.newPage();
  const answer = page.waitForResponse((r) => r.url() === `${system.baseUrl}${target}`);
  await page.goto(`${attackerUrl}${path}`);
  const status = (await answer).status();
  await page.close();
  return status;
}

describe('a page on another origin of the same site', () => {
  it('cannot wipe the analytics with an auto-submitted text/plain form while the admin is logged in', async () => {
    await system.db.insertInto('daily_visits').values({ date: '2026-01-01', unique_visitors: 3 }).execute();
    const { context } = await loggedInAdmin();
    try {
      const status = await submitFrom(context, '/reset', '/api/analytics/reset-all-data');
      expect(status).toBe(403);
      const rows = await system.db.selectFrom('daily_visits').select('date').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('cannot log the admin out with one either', async () => {
    const { context, admin } = await loggedInAdmin();
    try {
      expect(await sessionOf(admin)).toMatchObject({ valid: true });
      const status = await submitFrom(context, '/logout', '/api/admin/logout');
      expect(status).toBe(403);
      expect(await sessionOf(admin)).toMatchObject({ valid: true });
      const sessions = await system.db.selectFrom('admin_sessions').select('session_id').execute();
      expect(sessions.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it.each(['/socket', '/socket-admin'])(
    'cannot open the admin live feed over a cross-origin WebSocket (%s): refused, nothing received',
    async (path) => {
      const { context } = await loggedInAdmin();
      try {
        const page = await context.newPage();
        await page.goto(`${attackerUrl}${path}`);
        await page
          .waitForFunction(
            () => (window as unknown as { result: { closed: number | null } }).result.closed !== null,
            undefined,
            { timeout: 10_000 },
          )
          .catch(() => undefined);
        const result = await page.evaluate(() => (window as unknown as { result: unknown }).result);
        expect(result).toEqual({ opened: false, messages: [], closed: 1006 });
      } finally {
        await context.close();
      }
    },
  );

  it("the admin's own dashboard still opens its live socket and signs out normally", async () => {
    const { context, admin } = await loggedInAdmin();
    try {
      const state = await admin.evaluate(
        () =>
          new Promise<{ opened: boolean; first?: string }>((resolve) => {
            const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/analytics-ws?role=admin`);
            ws.onmessage = (e) => {
              resolve({ opened: true, first: String(e.data) });
              ws.close();
            };
            ws.onclose = () => resolve({ opened: false });
          }),
      );
      expect(state.opened).toBe(true);
      expect(JSON.parse(state.first ?? '{}')).toMatchObject({
        type: 'connection_info',
        data: { role: 'admin' },
      });
      const logout = await admin.evaluate(async () => {
        const res = await fetch('/api/admin/logout', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return res.status;
      });
      expect(logout).toBe(200);
      expect(await sessionOf(admin)).toMatchObject({ valid: false });
    } finally {
      await context.close();
    }
  });
});

describe('text/plain bodies (what a form can send across origins without a preflight)', () => {
  it('are refused with 415 except on the three beacon routes', async () => {
    const asText = { headers: { 'content-type': 'text/plain;charset=UTF-8' } };
    for (const url of [
      '/api/contact',
      '/api/admin/forgot-password',
      '/api/admin/login',
      '/api/email-report',
    ]) {
      const res = await post(system.gateway, url, '{"a":"="}', asText);
      expect(res.statusCode, url).toBe(415);
      expect(res.json(), url).toMatchObject({ error: { code: 'unsupported_media_type' } });
    }
    const beacon = await post(
      system.gateway,
      '/api/analytics/session-duration',
      JSON.stringify({ visitorId: 'v-beacon', sessionDuration: 12, pageUrl: '/' }),
      asText,
    );
    expect(beacon.statusCode).toBe(202);
  });
});

describe("the CSP's connect-src 'self' (no bare ws: wss:)", () => {
  it("still lets the public app's live socket connect in Chromium", async () => {
    const context = await browser.newContext({
      baseURL: system.baseUrl,
      userAgent: visitorUserAgent(browser),
    });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      const socket = page.waitForEvent('websocket', { timeout: 30_000 });
      await page.goto('/');
      const ws = await socket;
      expect(new URL(ws.url()).pathname).toBe('/analytics-ws');
      const frame = await ws.waitForEvent('framereceived', { timeout: 15_000 });
      expect(JSON.parse(String(frame.payload))).toMatchObject({ type: expect.any(String) });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
