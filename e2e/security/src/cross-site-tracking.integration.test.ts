// Only our own pages are counted, in a real Chromium: a page on ANOTHER loopback port (same
// site, other origin — as any other site would be) sends page visits to our tracking route with
// `navigator.sendBeacon` and a `no-cors` fetch, as a real visitor's browser would on the attacker's page.
// The gateway refuses them (403) and nothing reaches Kafka or Postgres, while the visit of our own page,
// opened in the same browser right after, is stored by the aggregator.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eventually } from '@bodymetrics/testing';
import { launchChromium, visitorUserAgent } from './browser';
import { pipelinePatience } from './pipeline';
import { pageVisitBody } from './requests';
import { startSystem, type System } from './system';

let system: System;
let browser: Browser;
/** The other site's server; undefined until beforeAll has started it. */
let attacker: Server | undefined;
let attackerUrl: string;

const foreignVisitors = ['cross-site-beacon', 'cross-site-fetch'];

/** The attacker's page: on load, a beacon and a no-cors fetch of a well-formed page visit to our gateway. */
function attackerPage(target: string): string {
  const visit = (visitorId: string) => JSON.stringify(JSON.stringify(pageVisitBody(visitorId)));
  return `<!doctype html><title>win a prize</title><script>
window.result = { beaconQueued: false, fetched: false };
window.result.beaconQueued = navigator.sendBeacon('${target}/api/analytics/page-visit', ${visit(foreignVisitors[0]!)});
fetch('${target}/api/analytics/page-visit', {
  method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${visit(foreignVisitors[1]!)},
}).then(() => { window.result.fetched = true; }, () => { window.result.fetched = true; });
</script>`;
}

beforeAll(async () => {
  system = await startSystem({ label: 'cross_site_tracking', aggregator: true });
  browser = await launchChromium();
  const server = createServer((req, res) => {
    const html = req.url === '/' ? attackerPage(system.baseUrl) : undefined;
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

describe("another site's page", () => {
  it('cannot make its visitors count as ours with sendBeacon or a no-cors fetch; our own page still counts', async () => {
    const context = await browser.newContext({ userAgent: visitorUserAgent(browser) });
    try {
      const page = await context.newPage();
      await page.goto(attackerUrl);
      await page.waitForFunction(
        () => (window as unknown as { result: { fetched: boolean } }).result.fetched,
      );
      const result = await page.evaluate(() => (window as unknown as { result: unknown }).result);
      // The browser sent both: the beacon was queued and the fetch got its (opaque, no-cors) answer.
      expect(result).toEqual({ beaconQueued: true, fetched: true });

      // Our own page, in the same browser: its visit travels the whole pipeline into Postgres.
      const own = await context.newPage();
      await own.goto(system.baseUrl);
      await eventually(async () => {
        const rows = await system.db
          .selectFrom('page_visits')
          .select('visitor_id')
          .where('visitor_id', 'not in', foreignVisitors)
          .execute();
        expect(rows.length).toBeGreaterThan(0);
      }, pipelinePatience);

      for (const table of ['page_visits', 'page_leaves'] as const) {
        const foreign = await system.db
          .selectFrom(table)
          .select('visitor_id')
          .where('visitor_id', 'in', foreignVisitors)
          .execute();
        expect(foreign, table).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
