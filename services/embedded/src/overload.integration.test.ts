// The embedded mode under more tracking than it can apply: past `maxUnappliedEvents` waiting to be
// applied, tracking answers 503 with Retry-After at once instead of queueing without limit, and every call it
// answered 202 is in the database by the time of its answer (acknowledged after the aggregator's commit).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbedded, type RunningEmbedded } from './embedded';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
let root: string;
let running: RunningEmbedded;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-embedded-overload-'));
  running = await startEmbedded({
    port: 0,
    dataDir: join(root, 'pgdata'),
    mailDir: join(root, 'mail'),
    log: () => undefined,
    trackingRateLimitPerMinute: 1_000_000,
    // A small bound, so a burst of 120 calls (the gateway takes 128 connections from one address) overruns it on any machine.
    maxUnappliedEvents: 20,
  });
});

afterAll(async () => {
  await running?.close();
  await rm(root, { recursive: true, force: true });
});

const pageVisit = (visitorId: string) => ({
  visitorId,
  sessionId: `${visitorId}-s`,
  pageUrl: `${running.url}/`,
  referrer: null,
  deviceType: 'desktop',
  browserName: 'Chrome',
  operatingSystem: 'Linux',
  screenResolution: '1920x1080',
  language: 'ro-RO',
  timeZone: 'Europe/Bucharest',
  isReturningVisitor: 0,
  storageAllowed: true,
  trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
  eventId: randomUUID(),
});

it('answers 503 with Retry-After past the backlog bound, and every 202 is already applied', async () => {
  const answers = await Promise.all(
    Array.from({ length: 120 }, async (_, n) => {
      const visitorId = `overload-${n}`;
      const response = await fetch(`${running.url}/api/analytics/page-visit`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': browser,
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify(pageVisit(visitorId)),
      });
      if (response.status === 202) {
        // Acknowledged means applied: the row is there the moment the answer is.
        const row = await running.db
          .selectFrom('page_visits')
          .select('visitor_id')
          .where('visitor_id', '=', visitorId)
          .executeTakeFirst();
        return { status: 202, applied: row !== undefined, retryAfter: null };
      }
      return {
        status: response.status,
        applied: false,
        retryAfter: response.headers.get('retry-after'),
        body: response.status === 503 ? '' : await response.text(),
      };
    }),
  );
  const accepted = answers.filter((a) => a.status === 202);
  const refused = answers.filter((a) => a.status !== 202);
  expect(accepted.length, JSON.stringify(refused.slice(0, 3))).toBeGreaterThan(0);
  expect(refused.length, 'the burst overran the bound').toBeGreaterThan(0);
  expect(new Set(refused.map((a) => `${a.status} ${a.retryAfter}`))).toEqual(new Set(['503 1']));
  expect(accepted.every((a) => a.applied)).toBe(true);
  const { n } = await running.db
    .selectFrom('page_visits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(n)).toBe(accepted.length);
});
