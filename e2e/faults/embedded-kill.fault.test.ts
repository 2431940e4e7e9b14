// The embedded mode killed with SIGKILL five times while page views stream in (durable at 202).
// Each view is its own visitor (from an address of its own, through one trusted proxy hop) and carries its own
// `eventId`; a sender keeps sending a view — the same body, the same id, as the page's tracker does — until
// it is answered 202, through every kill and restart. After the last restart the dashboard must show
// exactly one visitor and one page view per view sent: a 202 that was lost in the kill would show fewer,
// a retry of a view whose first try had landed would show more.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { overviewSchema } from '@bodymetrics/contracts';
import { eventually, freePort } from '@bodymetrics/testing';
import { startEmbeddedProcess, type EmbeddedProcess } from './src/embedded-process';
import { desktopChrome, pageVisitBody, visitorAddress } from './src/visits';

const kills = 5;
// At most senders + burst requests at once from this one address: well under the gateway's 128 open
// connections per client (with the fetch pool's idle ones), which would answer 429.
const senders = 8;
const burst = 60;
const admin = { username: 'kill-test', password: 'correct horse battery 42' };
const work = mkdtempSync(join(tmpdir(), 'bm-embedded-kill-'));
let embedded: EmbeddedProcess | undefined;

afterAll(async () => {
  await embedded?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const headers = {
  'content-type': 'application/json',
  'sec-fetch-site': 'same-origin',
  'user-agent': desktopChrome,
};

it('loses no accepted page view and counts none twice through five kill -9 of the embedded process', async () => {
  const port = await freePort();
  const start = () =>
    startEmbeddedProcess({
      port,
      dataDir: join(work, 'pgdata'),
      mailDir: join(work, 'mail'),
      env: {
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        RATE_LIMIT_TRACKING_PER_MINUTE: '100000000',
        // The stream names each visitor's address in X-Forwarded-For, as a load balancer would.
        TRUST_PROXY_HOPS: '1',
      },
    });
  embedded = await start();
  const url = embedded.url;

  let streaming = true;
  let sent = 0;
  let refused = 0; // answers other than 202 (503 while restarting or applying behind), retried
  /** One view, sent until it is answered 202. */
  let visitors = 0;
  const sendUntilAccepted = async (body: unknown, address = visitorAddress(visitors++)) => {
    for (;;) {
      const status = await fetch(`${url}/api/analytics/page-visit`, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': address },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }).then(
        (r) => r.status,
        () => 0, // the process is down: connection refused or reset
      );
      if (status === 202) return;
      expect([0, 502, 503, 504], `unexpected answer ${status}`).toContain(status);
      refused++;
      await sleep(50);
    }
  };
  const sender = async () => {
    while (streaming) {
      const visitorId = randomUUID();
      await sendUntilAccepted({ ...pageVisitBody(visitorId), eventId: randomUUID() });
      sent++;
    }
  };
  const streams = Array.from({ length: senders }, () => sender());

  // Each kill lands mid-stream, right after a burst of views was answered 202: the moment when an
  // acknowledgement given before the event was applied (in memory only) would be lost.
  for (let k = 0; k < kills; k++) {
    await sleep(500 + Math.floor(Math.random() * 1_000));
    await Promise.all(
      Array.from({ length: burst }, async () => {
        await sendUntilAccepted({ ...pageVisitBody(randomUUID()), eventId: randomUUID() });
        sent++;
      }),
    );
    await embedded.kill('SIGKILL');
    embedded = await start();
  }
  await sleep(1_000);
  streaming = false;
  await Promise.all(streams);
  console.log(`sent ${sent}, refused ${refused}`);
  expect(refused, 'the kills were felt by the senders').toBeGreaterThan(0);

  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const overview = async () =>
    overviewSchema.parse(
      await (await fetch(`${url}/api/analytics/overview`, { headers: { cookie } })).json(),
    );
  // Every 202 was applied before it was answered, so the figures are final at once; `eventually` only
  // covers the notice and read path, never an apply still in flight.
  await eventually(async () => {
    const figures = await overview();
    expect({ visitors: figures.todayVisitors, views: figures.todayPageViews }).toEqual({
      visitors: sent,
      views: sent,
    });
  });
  // And they stay so: nothing arrives late to count twice.
  await sleep(1_000);
  const after = await overview();
  expect({ visitors: after.todayVisitors, views: after.todayPageViews }).toEqual({
    visitors: sent,
    views: sent,
  });
}, 300_000);
