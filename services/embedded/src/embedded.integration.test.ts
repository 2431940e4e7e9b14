// The embedded mode end to end, as someone who ran `npm start` sees it: one process, a PGlite database
// in a folder, mail in a folder — the public app and the API answer through the gateway, a visit
// reaches the dashboard's numbers, a contact message lands as an .eml file, and everything is still
// there after a restart.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@bodymetrics/testing';
import { DataDirBusyError } from './data-dir-lock';
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

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-embedded-'));
  options = {
    port: 0,
    dataDir: join(root, 'pgdata'),
    mailDir: join(root, 'mail'),
    admin,
    log: (line) => logLines.push(line),
  };
  running = await startEmbedded(options);
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
    headers: { 'content-type': 'application/json', 'user-agent': browser, ...headers },
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
  it('serves the public app at / (or says it is not built yet)', async () => {
    const res = await fetch(`${current().url}/`);
    const text = await res.text();
    if (res.status === 200) {
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(text).toMatch(/<div id="root">/);
    } else {
      expect(res.status).toBe(503);
      expect(text).toContain('not built yet');
    }
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
  });
});
