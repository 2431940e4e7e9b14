// The dashboard's timed refreshes (spec §9) in a real Chromium against the real gateway and services:
// overview and today's summary every 5 s, recent clicks every 10 s, whatever tab is open — also while a
// tab that does not show them is open (the old dashboard refreshed today's funnel only on its own tab and
// recent clicks only on theirs) — and exactly once per interval, also while the tab that shows one is open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchChromium, visitorUserAgent } from './browser';
import { adminPassword, createOperator, startSystem, type System } from './system';

let system: System;
let browser: Browser;

beforeAll(async () => {
  system = await startSystem({ label: 'dashboard_refresh' });
  await createOperator(system.db, 'operator');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await system?.close();
});

const timedReads = {
  overview: '/api/analytics/overview',
  todaySummary: '/api/journey/today-summary',
  recentClicks: '/api/analytics/recent-clicks',
} as const;
type TimedRead = keyof typeof timedReads;

/** While `during` runs: when (ms since the start) the page asked for each timed read. */
async function recordTimedReads(page: Page, during: () => Promise<void>) {
  const started = Date.now();
  const seen: Record<TimedRead, number[]> = { overview: [], todaySummary: [], recentClicks: [] };
  const record = (request: Request) => {
    const path = new URL(request.url()).pathname;
    for (const [read, readPath] of Object.entries(timedReads) as [TimedRead, string][])
      if (path === readPath) seen[read].push(Date.now() - started);
  };
  page.on('request', record);
  await during();
  page.off('request', record);
  return seen;
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

async function openTab(page: Page, name: string, testId: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByTestId(testId).waitFor();
}

/** The requests of each timed read made while `name` is the open tab, over `ms` after opening it. */
async function readsWhileOn(page: Page, name: string, testId: string, ms: number) {
  await openTab(page, name, testId);
  return recordTimedReads(page, () => page.waitForTimeout(ms));
}

describe('the dashboard refresh', () => {
  it('refreshes overview and today every 5 s and recent clicks every 10 s on any tab, once per interval', async () => {
    const context = await browser.newContext({
      baseURL: system.baseUrl,
      userAgent: visitorUserAgent(browser),
    });
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByLabel('Nume utilizator').fill('operator');
    await page.getByLabel('Parolă').fill(adminPassword);
    await page.getByRole('button', { name: 'Autentificare' }).click();
    await page.getByRole('heading', { name: 'Analize BodyMetrics' }).waitFor();

    // A tab that shows none of the three: all three keep coming, at their intervals.
    const traffic = await readsWhileOn(page, 'Surse de trafic', 'tab-traffic', 12_500);
    expect(traffic.overview.length).toBeGreaterThanOrEqual(2);
    expect(traffic.todaySummary.length).toBeGreaterThanOrEqual(2);
    expect(traffic.recentClicks.length).toBeGreaterThanOrEqual(1);

    // The tabs that show them read the same queries: still one request per interval, not one per reader.
    const journey = await readsWhileOn(page, 'Parcursul utilizatorului', 'tab-journey', 11_000);
    const recent = await readsWhileOn(page, 'Activitate recentă', 'tab-recent', 11_000);
    expect(journey.todaySummary.length).toBeGreaterThanOrEqual(2);
    expect(recent.recentClicks.length).toBeGreaterThanOrEqual(1);

    for (const seen of [traffic, journey, recent]) {
      expect(seen.overview.length).toBeLessThanOrEqual(3);
      expect(seen.todaySummary.length).toBeLessThanOrEqual(3);
      expect(seen.recentClicks.length).toBeLessThanOrEqual(2);
      // Consecutive requests of one read are an interval apart (a little less under a loaded machine).
      for (const gap of [...gaps(seen.overview), ...gaps(seen.todaySummary)])
        expect(gap).toBeGreaterThan(4_000);
      for (const gap of gaps(seen.recentClicks)) expect(gap).toBeGreaterThan(8_000);
    }
    await context.close();
  });
});
