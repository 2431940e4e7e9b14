// A visit counts its session-duration beacons only up to its own length — the time between its first and
// last events as the server received them (docs/counting.md, Avg Session Time). A beacon's duration is
// the page's claim: five scripted visits sending three 86,400 s beacons each must not lift the day's
// average past what the visits really lasted, nor make them engaged.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { topics, type Envelope, type TopicDefinition } from '@bodymetrics/contracts';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const tz = 'Europe/Bucharest';
const start = Date.now();
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: tz,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date(start));
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

/** An event of session `s<n>` (visitor `v<n>`) received `afterSeconds` after the first page view. */
const envelope = (topic: TopicDefinition, payload: unknown, afterSeconds: number): Envelope<unknown> => ({
  id: randomUUID(),
  type: topic.type,
  version: 1,
  receivedAt: new Date(start + afterSeconds * 1000).toISOString(),
  payload,
});
const pageView = (n: number, afterSeconds = 0) =>
  envelope(
    topics.pageVisit,
    {
      kind: 'visit',
      visitorId: `v${n}`,
      sessionId: `s${n}`,
      pageUrl: 'https://bodymetrics.example/',
      deviceType: 'desktop',
      browserName: 'Firefox',
      operatingSystem: 'Linux',
      screenResolution: '1280x800',
      language: 'ro-RO',
      timeZone: tz,
      isReturningVisitor: 0,
      trafficSource: { source: 'direct', medium: 'none' },
      ipAddress: null,
      requestUserAgent: firefox,
      isBot: false,
    },
    afterSeconds,
  );
const beacon = (n: number, seconds: number, afterSeconds: number) =>
  envelope(
    topics.sessionDuration,
    {
      visitorId: `v${n}`,
      sessionId: `s${n}`,
      sessionDuration: seconds,
      pageUrl: 'https://bodymetrics.example/',
      requestUserAgent: firefox,
      isBot: false,
    },
    afterSeconds,
  );

const day = 86_400;
// s1–s5: the script — a page view, then three 86,400 s beacons within 1.5 s: each visit lasted 1.5 s,
//   counted as 2 (whole seconds, rounded up), a bounce (under 10 s).
// s6: a person reading for 30 s: a 30 s beacon as they leave — 30 s, engaged.
// s7: a beacon claiming 100 s only 5 s in (5 s counted), then a second page view at 100 s: by then the
//   visit has lasted 100 s, so the 100 s claimed count in full.
const batches: { topic: TopicDefinition; events: Envelope<unknown>[] }[] = [
  { topic: topics.pageVisit, events: [1, 2, 3, 4, 5, 6, 7].map((n) => pageView(n)) },
  {
    topic: topics.sessionDuration,
    events: [1, 2, 3, 4, 5].flatMap((n) => [beacon(n, day, 0.5), beacon(n, day, 1), beacon(n, day, 1.5)]),
  },
  { topic: topics.sessionDuration, events: [beacon(6, 30, 30), beacon(7, 100, 5)] },
  { topic: topics.pageVisit, events: [pageView(7, 100)] },
];

describe('a visit counts its beacons only up to its own length', () => {
  let database: TestDatabase;
  const progress: { sessions: number; bounced: number; seconds: number }[] = [];

  const apply = (batch: (typeof batches)[number]) =>
    database.db.transaction().execute((trx) => applyBatchToDb(trx, batch, tz));

  async function dayFigures() {
    const row = await database.db
      .selectFrom('daily_visits')
      .select(['sessions', 'bounced_sessions', sql<string>`visit_seconds`.as('visit_seconds')])
      .where('date', '=', today)
      .executeTakeFirstOrThrow();
    return { sessions: row.sessions, bounced: row.bounced_sessions, seconds: Number(row.visit_seconds) };
  }

  it.beforeAll(async ({ database: fileDatabase }) => {
    database = fileDatabase;
    for (const batch of batches) {
      await apply(batch);
      progress.push(await dayFigures());
    }
  });

  it('counts the scripted visits at their real 2 s each, as bounces, and the real visits in full', async () => {
    // 5 × 2 + 30 + 100 = 140 s over 7 visits: an average of 20 s, not 37,000.
    expect(await dayFigures()).toEqual({ sessions: 7, bounced: 5, seconds: 140 });
    expect(progress).toEqual([
      { sessions: 7, bounced: 7, seconds: 0 },
      { sessions: 7, bounced: 7, seconds: 10 },
      // s6's 30 s; s7's 100 s claimed 5 s in: 5 counted, enough neither to engage it nor more.
      { sessions: 7, bounced: 6, seconds: 45 },
      // s7's second page view at 100 s: two page views engage it, and its 100 s now fit in the visit.
      { sessions: 7, bounced: 5, seconds: 140 },
    ]);
  });

  it('keeps the claimed sum beside what is counted, and the visit’s first and last events', async () => {
    const s1 = await database.db
      .selectFrom('visitor_sessions')
      .select(['seconds', 'counted_seconds', 'first_event_at', 'last_event_at'])
      .where('session_id', '=', 's1')
      .executeTakeFirstOrThrow();
    expect(s1.seconds).toBe(3 * day);
    expect(s1.counted_seconds).toBe(2);
    expect(new Date(s1.last_event_at).getTime() - new Date(s1.first_event_at).getTime()).toBe(1500);
  });

  it('changes nothing when the beacons are delivered again', async () => {
    for (const batch of batches) await apply(batch);
    expect(await dayFigures()).toEqual({ sessions: 7, bounced: 5, seconds: 140 });
  });
});
