// The embedded mode end to end, as someone who ran `npm start` sees it: one process, a PGlite database
// in a folder, mail in a folder — the public app and the API answer through the gateway, a visit
// reaches the dashboard's numbers, a contact message lands as an .eml file, and everything is still
// there after a restart; the postback keeps to the bounds the process was started with.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@bodymetrics/testing';
import { monthPartitionName, monthPartitionsOf, monthStartOf } from '@bodymetrics/db';
import { DataDirBusyError } from '@bodymetrics/db/pglite';
import { defaultPublicDir } from '@bodymetrics/gateway/settings';
import { startEmbedded, type EmbeddedOptions, type RunningEmbedded } from './embedded';

let root: string;
let options: EmbeddedOptions;
let running: RunningEmbedded | undefined;
const logLines: string[] = [];

const admin = { username: 'operator', password: 'embedded-pass-1' };
const visitorId = 'visitor-embedded-1';
// Tracking stamps the request's own User-Agent; fetch's default ("node") would be counted as a bot.
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const sessionId = 'session-embedded-1';
const postbackToken = 'embedded-postback-secret-0123456789';
/** TCP servers listening in this thread (the test's own process: startEmbedded runs here). */
const listeningServers = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
let serversStarted = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-embedded-'));
  options = {
    port: 0,
    dataDir: join(root, 'pgdata'),
    mailDir: join(root, 'mail'),
    admin,
    log: (line) => logLines.push(line),
    postbackToken,
    postbackMaxPayout: 100,
    postbackMaxConversionsPerClick: 2,
  };
  const before = listeningServers();
  running = await startEmbedded(options);
  serversStarted = listeningServers() - before;
});

afterAll(async () => {
  await running?.close();
  await rm(root, { recursive: true, force: true });
});

function current(): RunningEmbedded {
  if (!running) throw new Error('the embedded system is not running');
  return running;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${current().url}${path}`, {
    method: 'POST',
    // A browser sends its page's Origin with every POST (admin writes require it).
    headers: { 'content-type': 'application/json', 'user-agent': browser, origin: current().url, ...headers },
    body: JSON.stringify(body),
  });
}

async function login(): Promise<string> {
  const res = await post('/api/admin/login', admin);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { success: boolean; sessionId: string };
  expect(body.success).toBe(true);
  return body.sessionId;
}

async function overview(sessionId: string) {
  const res = await fetch(`${current().url}/api/analytics/overview`, {
    headers: { authorization: `Bearer ${sessionId}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { todayVisitors: number; todayPageViews: number };
}

describe('embedded mode (npm start)', () => {
  it("listens on one port: every service is served in the gateway's process", () => {
    expect(serversStarted).toBe(1);
  });

  it('serves the public app at /', async () => {
    // The app is served from web-public's build, which `npm test` makes before any test runs.
    const shell = join(defaultPublicDir, 'index.html');
    expect(
      existsSync(shell),
      `web-public is not built (${shell} is missing): build the web apps first (npm test does)`,
    ).toBe(true);
    const res = await fetch(`${current().url}/`);
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(text).toMatch(/<div id="root">/);
  });

  it('lists the seeded affiliate offers', async () => {
    const res = await fetch(`${current().url}/api/affiliate-offers/all`);
    expect(res.status).toBe(200);
    const offers = (await res.json()) as { id: number; title: string; url: string }[];
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]?.title).toEqual(expect.any(String));
  });

  it('refuses a second process on the same data folder while it runs', async () => {
    await expect(startEmbedded({ ...options, port: 0 })).rejects.toBeInstanceOf(DataDirBusyError);
  });

  it('counts a visit and a journey step posted through the gateway in the dashboard numbers', async () => {
    expect(current().admin).toEqual({ username: admin.username, created: true });
    const visit = await post('/api/analytics/page-visit', {
      visitorId,
      sessionId,
      pageUrl: '/',
      userAgent: browser,
      referrer: null,
      deviceType: 'desktop',
      browserName: 'Chrome',
      operatingSystem: 'Linux',
      screenResolution: '1920x1080',
      language: 'en-US',
      timeZone: 'Europe/Bucharest',
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
    });
    expect(visit.status).toBe(202);
    const step = await post('/api/journey/track', {
      visitorId,
      sessionId,
      step: 'landing',
      deviceType: 'desktop',
    });
    expect(step.status).toBe(202);

    const session = await login();
    await eventually(async () => {
      const numbers = await overview(session);
      expect(numbers.todayVisitors).toBe(1);
      expect(numbers.todayPageViews).toBe(1);
    });
    await eventually(async () => {
      const steps = await current()
        .db.selectFrom('user_journey')
        .select(['step', 'journey_date'])
        .where('visitor_id', '=', visitorId)
        .execute();
      expect(steps).toHaveLength(1);
      expect(steps[0]?.step).toBe('landing');
      // A date column reads as 'YYYY-MM-DD' text, as it does from PostgreSQL.
      expect(steps[0]?.journey_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('answers every dashboard read and export from PGlite, with clicks and durations counted too', async () => {
    const [offer] = (await (await fetch(`${current().url}/api/affiliate-offers/all`)).json()) as {
      id: number;
      title: string;
      url: string;
    }[];
    if (!offer) throw new Error('no seeded offer');
    const accepted = await Promise.all([
      post('/api/analytics/affiliate-click', {
        offerId: offer.id,
        offerTitle: offer.title,
        offerUrl: offer.url,
        visitorId,
        referrer: null,
      }),
      post('/api/affiliate-offers/click', { offerId: offer.id, visitorId }),
      post('/api/analytics/session-duration', { visitorId, sessionId, sessionDuration: 42, pageUrl: '/' }),
      post('/api/journey/track', { visitorId, sessionId, step: 'form_started' }),
      post('/api/session/store', {
        visitorId,
        sessionId,
        age: 30,
        currentStep: 'age',
        timestamp: Date.now(),
      }),
    ]);
    expect(accepted.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);

    const session = await login();
    const get = (path: string) =>
      fetch(`${current().url}${path}`, { headers: { authorization: `Bearer ${session}` } });
    await eventually(async () => {
      const res = await get('/api/analytics/overview');
      expect(((await res.json()) as { todayClicks: number }).todayClicks).toBe(2);
    });
    for (const path of [
      '/api/analytics/daily-stats?days=7',
      '/api/analytics/affiliate-stats?days=30',
      '/api/analytics/traffic-sources?days=30',
      '/api/analytics/device-stats?days=90',
      '/api/analytics/geographic-stats?days=30',
      '/api/analytics/recent-clicks',
      '/api/journey/funnel-stats?days=30',
      '/api/journey/today-summary',
      '/api/journey/abandonment?days=30',
      '/api/analytics/export/daily-stats.csv?days=30',
      '/api/analytics/export/recent-clicks.csv',
    ]) {
      const res = await get(path);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    }
    const clicks = (await (await get('/api/analytics/recent-clicks')).json()) as unknown[];
    expect(clicks).toHaveLength(2);
  });

  it('counts a page view and a click sent three times with one eventId once', async () => {
    const session = await login();
    const before = (await (
      await fetch(`${current().url}/api/analytics/overview`, {
        headers: { authorization: `Bearer ${session}` },
      })
    ).json()) as { todayPageViews: number; todayClicks: number };
    const [offer] = (await (await fetch(`${current().url}/api/affiliate-offers/all`)).json()) as {
      id: number;
    }[];
    if (!offer) throw new Error('no seeded offer');
    const view = {
      visitorId,
      sessionId,
      pageUrl: '/legal/terms',
      deviceType: 'desktop',
      browserName: 'Chrome',
      operatingSystem: 'Linux',
      screenResolution: '1920x1080',
      language: 'en-US',
      timeZone: 'Europe/Bucharest',
      isReturningVisitor: 1,
      trafficSource: { source: 'direct', medium: 'none' },
      eventId: randomUUID(),
    };
    const click = { offerId: offer.id, visitorId, sessionId, eventId: randomUUID() };
    // The call, the tracker's retry of it, and the same record once more as a beacon (text/plain).
    const statuses = [];
    for (const [path, body] of [
      ['/api/analytics/page-visit', view],
      ['/api/affiliate-offers/click', click],
    ] as const) {
      statuses.push((await post(path, body)).status, (await post(path, body)).status);
      statuses.push(
        (
          await post(path, body, {
            'content-type': path.includes('page-visit') ? 'text/plain' : 'application/json',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202]);
    // Markers sent after them on the same topics (each topic is one ordered log here): once they are
    // stored, every copy before them has been applied. Neither moves a figure below.
    const leave = await post('/api/analytics/page-visit', {
      visitorId,
      sessionId,
      pageUrl: '/',
      action: 'page_leave',
    });
    const counterCall = await post(`/api/affiliate-offers/${offer.id}/click`, {});
    const markers = [(await leave.json()) as { id: string }, (await counterCall.json()) as { id: string }];
    await eventually(async () => {
      const stored = await Promise.all([
        current()
          .db.selectFrom('page_leaves')
          .select('event_id')
          .where('event_id', '=', markers[0]!.id)
          .execute(),
        current()
          .db.selectFrom('offer_counter_clicks')
          .select('event_id')
          .where('event_id', '=', markers[1]!.id)
          .execute(),
      ]);
      expect(stored.map((rows) => rows.length)).toEqual([1, 1]);
    });
    const res = await fetch(`${current().url}/api/analytics/overview`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(await res.json()).toMatchObject({
      todayPageViews: before.todayPageViews + 1,
      todayClicks: before.todayClicks + 1,
    });
    const rows = await current()
      .db.selectFrom('page_visits')
      .select('event_id')
      .where('event_id', '=', view.eventId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps the raw events in month partitions in PGlite too: this month's row in its month, two months ahead made", async () => {
    const db = current().db;
    const eventId = randomUUID();
    const res = await post('/api/analytics/page-visit', {
      visitorId: 'visitor-partitioned',
      sessionId: 'session-partitioned',
      pageUrl: '/',
      deviceType: 'desktop',
      browserName: 'Chrome',
      operatingSystem: 'Linux',
      screenResolution: '1920x1080',
      language: 'en-US',
      timeZone: 'Europe/Bucharest',
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
      eventId,
    });
    expect(res.status).toBe(202);
    await eventually(async () => {
      const stored = await sql<{ partition: string }>`
        select tableoid::regclass::text as partition from page_visits where event_id = ${eventId}
      `.execute(db);
      expect(stored.rows).toEqual([
        { partition: monthPartitionName('page_visits', monthStartOf(new Date())) },
      ]);
    });
    const months = (await monthPartitionsOf(db, 'affiliate_clicks')).map((p) => p.name);
    expect(months).toEqual(
      expect.arrayContaining(
        [0, 1, 2].map((n) => monthPartitionName('affiliate_clicks', monthStartOf(new Date(), n))),
      ),
    );
  });

  it('stores a report and a share card (bytea) and serves the card back as a PNG', async () => {
    const metrics = {
      age: 30,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 180,
      height: 70,
    };
    const stored = await post('/api/submit-report', {
      name: 'Ana Pop',
      email: 'ana@example.org',
      metrics,
      offers: [],
      consent: { healthData: true },
    });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ success: true, stored: true });

    const made = await post('/api/generate-share-image', {
      results: { bmi: 25.8, bmiCategory: 'Overweight' },
      platform: 'facebook',
    });
    expect(made.status).toBe(200);
    const { imageUrl } = (await made.json()) as { imageUrl: string };
    const image = await fetch(new URL(new URL(imageUrl).pathname, current().url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('tells the admin dashboard socket about live visitors and about new numbers, in process', async () => {
    const session = await login();
    const wsUrl = `${current().url.replace(/^http/, 'ws')}/analytics-ws`;
    const received: { type: string; data?: unknown }[] = [];
    // From the admin page: a browser sends its Origin with the handshake.
    const admin = new WebSocket(`${wsUrl}?role=admin`, {
      headers: { origin: current().url },
    } as unknown as string[]);
    // A browser's User-Agent: undici's own ("node") reads as a bot, and bots are never active users. From the
    // site's own page, with its Origin: the gateway takes visitor sockets from our own pages only.
    const visitor = new WebSocket(wsUrl, {
      headers: { 'user-agent': browser, origin: current().url },
    } as unknown as string[]);
    try {
      admin.addEventListener('message', (event) => received.push(JSON.parse(String(event.data)) as never));
      await Promise.all(
        [admin, visitor].map((socket) => new Promise((resolve) => socket.addEventListener('open', resolve))),
      );
      admin.send(JSON.stringify({ type: 'auth', data: { sessionId: session } }));
      await eventually(async () =>
        expect(received).toContainEqual(
          expect.objectContaining({
            type: 'connection_info',
            data: expect.objectContaining({ role: 'admin' }),
          }),
        ),
      );

      visitor.send(
        JSON.stringify({
          type: 'user_active',
          data: {
            visitorId: 'visitor-live',
            sessionId: 'session-live',
            currentPage: '/results',
            deviceType: 'mobile',
            browser: 'Safari',
            location: 'Bucharest',
          },
        }),
      );
      await eventually(async () =>
        expect(JSON.stringify(received.filter((m) => m.type === 'active_users_update'))).toContain(
          'visitor-live',
        ),
      );

      const visit = await post('/api/journey/track', {
        visitorId: 'visitor-live',
        sessionId: 'session-live',
        step: 'results_viewed',
      });
      expect(visit.status).toBe(202);
      await eventually(async () => expect(received.map((m) => m.type)).toContain('analytics_update'));
    } finally {
      admin.close();
      visitor.close();
    }
  });

  it('closes the admin dashboard socket at once when the operator logs out (not at the minute re-check)', async () => {
    const session = await login();
    // From the admin page: a browser sends its Origin with the handshake.
    const admin = new WebSocket(`${current().url.replace(/^http/, 'ws')}/analytics-ws?role=admin`, {
      headers: { origin: current().url },
    } as unknown as string[]);
    const roles: unknown[] = [];
    admin.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; data?: { role?: string } };
      if (message.type === 'connection_info') roles.push(message.data?.role);
    });
    const closed = new Promise<number>((resolve) => admin.addEventListener('close', (e) => resolve(e.code)));
    await new Promise((resolve) => admin.addEventListener('open', resolve));
    admin.send(JSON.stringify({ type: 'auth', data: { sessionId: session } }));
    await eventually(async () => expect(roles).toEqual(['admin']));

    const res = await post('/api/admin/logout', { sessionId: session }, { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    const code = await Promise.race([
      closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open after 2 s')), 2_000)),
    ]);
    expect(code).toBe(4401);
  });

  it('writes a contact message to the mail folder as an .eml file', async () => {
    const res = await post('/api/contact', {
      fullName: 'Ana Pop',
      email: 'ana@example.org',
      reason: 'General Inquiry',
      message: 'Hello from the embedded mode test.',
    });
    expect(res.status).toBeLessThan(300);
    const files = await eventually(async () => {
      const names = (await readdir(options.mailDir)).filter((n) => n.endsWith('.eml'));
      expect(names).toHaveLength(1);
      return names;
    });
    const mail = await simpleParser(await readFile(join(options.mailDir, files[0] ?? '')));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain('operator@bodymetrics.local');
    expect(mail.text).toContain('Hello from the embedded mode test.');
    expect(logLines.some((l) => l.includes('written to') && l.includes(options.mailDir))).toBe(true);
  });

  it('mails the health report as an .eml file with the computed numbers', async () => {
    const metrics = {
      age: 30,
      gender: 'male',
      activityLevel: 'sedentary',
      measurementSystem: 'imperial',
      weight: 180,
      height: 70,
    };
    const res = await post('/api/email-report', {
      name: 'Ana Pop',
      email: 'ana.report@example.org',
      metrics,
      offers: [],
      consent: { healthData: true, newsletter: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = await eventually(async () => {
      for (const name of (await readdir(options.mailDir)).filter((n) => n.endsWith('.eml'))) {
        const mail = await simpleParser(await readFile(join(options.mailDir, name)));
        if (mail.to && !Array.isArray(mail.to) && mail.to.text.includes('ana.report@example.org'))
          return mail;
      }
      throw new Error('no report mail yet');
    });
    // 180 lb at 5'10" is a BMI of 25.8 (the reports service's own hand-worked example).
    expect(report.text).toContain('25.8');
  });

  it('keeps the data across a restart', async () => {
    await current().close();
    running = undefined;
    running = await startEmbedded(options);
    expect(current().admin).toEqual({ username: admin.username, created: false });

    const session = await login();
    const numbers = await overview(session);
    expect(numbers.todayVisitors).toBe(1);
    const messages = await current().db.selectFrom('contact_messages').select('email').execute();
    expect(messages).toEqual([{ email: 'ana@example.org' }]);
    const reports = await current().db.selectFrom('health_metrics').select('email').orderBy('id').execute();
    expect(reports).toEqual([{ email: 'ana@example.org' }, { email: 'ana.report@example.org' }]);
  });
});

/** A visitor's click on the bridge with a fresh click id; in PGlite by the time of its 202. */
async function clickWithId(): Promise<string> {
  const [offer] = (await (await fetch(`${current().url}/api/affiliate-offers/all`)).json()) as {
    id: number;
  }[];
  const clickId = randomUUID();
  const res = await fetch(`${current().url}/api/affiliate-offers/click`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': browser, origin: current().url },
    body: JSON.stringify({ offerId: offer!.id, visitorId: `v-${clickId}`, clickId }),
  });
  expect(res.status).toBe(202);
  return clickId;
}

const postbackFor = (clickId: string, transactionId: string, payout: string) =>
  fetch(
    `${current().url}/api/postback?${new URLSearchParams({
      click_id: clickId,
      transaction_id: transactionId,
      payout,
      currency: 'RON',
      token: postbackToken,
    }).toString()}`,
  );

async function conversionsStored(): Promise<{ records: number; revenue: number }> {
  const records = await current().db.selectFrom('offer_conversions').select('payout').execute();
  const daily = await current().db.selectFrom('affiliate_daily_conversions').select('revenue').execute();
  return { records: records.length, revenue: daily.reduce((sum, r) => sum + Number(r.revenue), 0) };
}

// After the restart above: these clicks and conversions are in none of its figures.
describe('the postback in the embedded mode (POSTBACK_MAX_PAYOUT 100, POSTBACK_MAX_CONVERSIONS_PER_CLICK 2)', () => {
  it('refuses a payout above POSTBACK_MAX_PAYOUT (100) with a 400 naming payout, storing nothing', async () => {
    const clickId = await clickWithId();
    const before = await conversionsStored();
    const over = await postbackFor(clickId, 'TX-over', '100.01');
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      error: { message: 'payout: must be at most 100 RON', details: [{ field: 'payout' }] },
    });
    expect(await conversionsStored()).toEqual(before);
  });

  it('takes POSTBACK_MAX_CONVERSIONS_PER_CLICK (2) of 5 postbacks sent together; the rest are 409 naming click_id', async () => {
    const clickId = await clickWithId();
    const before = await conversionsStored();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => postbackFor(clickId, `TX-${clickId}-${n}`, '10.00')),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({
      error: { code: 'conflict', details: [{ field: 'click_id' }] },
    });
    expect(await conversionsStored()).toEqual({ records: before.records + 2, revenue: before.revenue + 20 });

    // A network repeating one of the two still gets its 200, and nothing moves.
    const recorded = await current()
      .db.selectFrom('offer_conversions')
      .select('transaction_id')
      .where('click_id', '=', clickId)
      .executeTakeFirstOrThrow();
    const again = await postbackFor(clickId, recorded.transaction_id, '10.00');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ transactionId: recorded.transaction_id, recorded: false });
    expect(await conversionsStored()).toEqual({ records: before.records + 2, revenue: before.revenue + 20 });
  });
});
