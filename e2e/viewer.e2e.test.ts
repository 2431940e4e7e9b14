// A viewer and a read-only API key against the real services through the real gateway, in both run modes
// (design.md §3). In a real Chromium the admin adds a read-only account from the "Administratori" panel;
// signed in as it, the dashboard shows the figures but neither "Resetează toate datele" nor the panel. Then,
// over HTTP, the server's side of it: the viewer's session gets 403 on every state-changing admin route
// (listed from the route contracts as e2e/security roles-and-api-keys lists them), and an API key the admin
// creates reads the overview, never passes a write, and is refused on the next request once revoked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAccountsPaths, adminAuthPaths, type RouteContract } from '@bodymetrics/contracts';
import { isOwnSignIn, listAdminWrites, sampleUrlOf, type WriteMethod } from '@bodymetrics/testing';
import {
  launchBrowser,
  newPerson,
  see,
  startSystem,
  toast,
  type SystemMode,
  type SystemUnderTest,
} from './src';
import { logIn } from './src/operator-flow';

const viewer = { username: 'cititor', email: 'cititor@bodymetrics.test', password: 'doar-citire-2026' };
const resetButton = (page: Page) => page.getByRole('button', { name: 'Resetează toate datele' });
const chromeLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(['distributed', 'embedded'] as const satisfies readonly SystemMode[])(
  'a viewer and a read-only API key (%s mode)',
  (mode) => {
    let system: SystemUnderTest;
    let browser: Browser;
    let page: Page;
    let adminWrites: RouteContract[];

    /** A request as the site's own page sends it (the gateway wants Fetch Metadata on admin writes). */
    const call = (
      method: 'GET' | WriteMethod,
      path: string,
      headers: Record<string, string> = {},
      body: unknown = method === 'GET' || method === 'DELETE' ? undefined : {},
    ) =>
      fetch(system.baseUrl + path, {
        method,
        headers: {
          'sec-fetch-site': 'same-origin',
          'user-agent': chromeLinux,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    /** Sends every route of `routes` with `headers`; answers those whose status is not among `refusals`. */
    const passing = async (routes: RouteContract[], headers: Record<string, string>, refusals: number[]) => {
      const passed: string[] = [];
      for (const route of routes) {
        const res = await call(route.method as WriteMethod, sampleUrlOf(route), headers, {});
        const body = await res.text();
        if (!refusals.includes(res.status)) passed.push(`${route.method} ${route.path}: ${res.status}`);
        else if (res.status === 403)
          expect(JSON.parse(body), `${route.method} ${route.path}`).toMatchObject({
            error: { code: 'forbidden', message: expect.any(String) },
          });
      }
      return passed;
    };

    beforeAll(async () => {
      [system, browser] = await Promise.all([startSystem({ mode }), launchBrowser()]);
      ({ page } = await newPerson(browser, { baseUrl: system.baseUrl }));
      adminWrites = await listAdminWrites(async (method, url) => {
        const res = await call(method, url, {}, {});
        await res.body?.cancel();
        return res.status;
      });
      await page.goto('/admin');
    });

    afterEach((context) => {
      if (context.task.result?.state === 'fail') console.log(`[${mode}] system output:\n${system?.logs()}`);
    });

    afterAll(async () => {
      await browser?.close();
      await system?.stop();
    });

    it('the admin sees the reset button and adds a read-only account from "Administratori"', async () => {
      await logIn(page, system.admin);
      await see(resetButton(page));
      await see(page.getByRole('heading', { name: 'Administratori' }));
      const form = page.locator('form.admins-form').first();
      await form.getByLabel('Utilizator', { exact: true }).fill(viewer.username);
      await form.getByLabel('E-mail', { exact: true }).fill(viewer.email);
      await form.getByLabel('Parolă', { exact: true }).fill(viewer.password);
      await form.getByLabel('Rol', { exact: true }).selectOption('viewer');
      await form.getByRole('button', { name: 'Adaugă cont' }).click();
      await see(toast(page, 'Administratori'));
      await see(page.getByTestId('admin-accounts').getByText(viewer.email, { exact: true }));
      await page.getByRole('button', { name: 'Deconectare', exact: true }).click();
      await see(page.getByLabel('Nume utilizator', { exact: true }));
    });

    it('signed in as the viewer, the figures are there and the reset button and the panel are not', async () => {
      const roleKnown = page.waitForResponse((r) => r.url().endsWith(adminAuthPaths.validateSession));
      await logIn(page, viewer);
      expect(await (await roleKnown).json()).toMatchObject({ valid: true, role: 'viewer' });
      await see(page.getByTestId('card-today-visitors'));
      expect(await resetButton(page).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Administratori' }).count()).toBe(0);
    });

    it("the viewer's session gets 403 in the error shape on every state-changing admin route", async () => {
      expect(adminWrites.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(['POST /api/analytics/reset-all-data', 'DELETE /api/admin/api-keys/:id']),
      );
      const cookie = (await page.context().cookies(system.baseUrl))
        .map(({ name, value }) => `${name}=${value}`)
        .join('; ');
      const session = await call('POST', adminAuthPaths.validateSession, { cookie });
      expect(await session.json()).toMatchObject({ valid: true, role: 'viewer' });
      const routes = adminWrites.filter((r) => !isOwnSignIn(r));
      expect(await passing(routes, { cookie }, [403])).toEqual([]);
    });

    it('an API key reads the overview, never passes a write, and is refused once revoked', async () => {
      const { username, password } = system.admin;
      const signedIn = await call('POST', '/api/admin/login', {}, { username, password });
      expect(signedIn.status).toBe(200);
      const adminCookie = { cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
      const created = await call('POST', adminAccountsPaths.createApiKey, adminCookie, {
        name: 'Looker Studio',
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id, key } = (await created.json()) as { id: number; key: string };
      const bearer = { authorization: `Bearer ${key}` };

      const overview = await call('GET', '/api/analytics/overview?days=30', bearer);
      expect(overview.status, await overview.clone().text()).toBe(200);
      expect(await overview.json()).toHaveProperty('topTrafficSource');
      expect(await passing(adminWrites, bearer, [401, 403])).toEqual([]);

      const revoke = await call(
        'DELETE',
        adminAccountsPaths.revokeApiKey.replace(':id', String(id)),
        adminCookie,
      );
      expect(revoke.status).toBe(200);
      const after = await call('GET', '/api/analytics/overview?days=30', bearer);
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({
        error: { code: 'unauthorized', message: 'A valid admin session is required' },
      });
    });
  },
);
