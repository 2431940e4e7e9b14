// Bounce = a visit without engagement (docs/counting.md), against a real Postgres.
// A hand-counted day of seven visits, applied batch by batch in an order Kafka may really deliver (topics
// are not ordered with one another: a journey step and a beacon before their session's page view), then
// every batch delivered again. Under the old rule ("a session with one page view bounced") the whole form
// flow on one page view was a bounce; here it is not.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { sql } from 'kysely';
import { topics, type Envelope, type TopicDefinition } from '@bodymetrics/contracts';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb } from './app';

const tz = 'Europe/Bucharest';
const now = new Date().toISOString();
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: tz,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date(now));
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** `afterSeconds`: when the event arrived, counted from the page views (a beacon comes as the page is left). */
const envelope = (topic: TopicDefinition, payload: unknown, afterSeconds = 0): Envelope<unknown> => ({
  id: randomUUID(),
  type: topic.type,
  version: 1,
  receivedAt: new Date(Date.parse(now) + afterSeconds * 1000).toISOString(),
  payload,
});

/** Session `s<n>` belongs to visitor `v<n>`. */
const pageView = (n: number, bot = false) =>
  envelope(topics.pageVisit, {
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
    requestUserAgent: bot ? googlebot : firefox,
    isBot: bot,
  });
const step = (n: number, name: string) =>
  envelope(topics.journey, {
    visitorId: `v${n}`,
    sessionId: `s${n}`,
    step: name,
    ipAddress: null,
    requestUserAgent: firefox,
    isBot: false,
  });
/** A beacon of `seconds`, arriving `arrivesAfter` seconds after the session's page view (default: `seconds`). */
const beacon = (n: number, seconds: number, arrivesAfter = seconds) =>
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
    arrivesAfter,
  );
const bridgeClick = (n: number) =>
  envelope(topics.affiliateClick, {
    offerId: 1,
    offerTitle: null,
    offerUrl: null,
    visitorId: `v${n}`,
    sessionId: `s${n}`,
    referrer: null,
    userAgent: firefox,
    ipAddress: null,
    source: 'bridge',
    isBot: false,
  });

// The seven visits (s1–s7) and what decides each:
//   s1 the whole flow on ONE page view (landing → form_started → form_completed → results_viewed): engaged
//   s2 one page view, landing only, leaves after 4 s: the one BOUNCE
//   s3 one page view, a 12 s beacon: engaged
//   s4 two page views: engaged
//   s5 a journey step and a 3 s beacon applied BEFORE its page view: engaged, counted once, its 3 s kept
//   s6 one page view and a bridge offer click: engaged
//   s7 one page view and two 5 s beacons: a bounce until the second one makes it 10 s
// Not visits: s8 (a crawler's page view) and s9 (journey steps, never a page view).
const batches: { topic: TopicDefinition; events: Envelope<unknown>[] }[] = [
  { topic: topics.journey, events: [step(5, 'form_started'), step(9, 'landing'), step(9, 'form_started')] },
  { topic: topics.sessionDuration, events: [beacon(5, 3)] },
  {
    topic: topics.pageVisit,
    events: [1, 2, 3, 4, 4, 5, 6, 7].map((n) => pageView(n)).concat(pageView(8, true)),
  },
  {
    topic: topics.journey,
    events: [
      ...['landing', 'form_started', 'form_completed', 'results_viewed'].map((s) => step(1, s)),
      step(2, 'landing'),
      step(3, 'landing'),
    ],
  },
  { topic: topics.sessionDuration, events: [beacon(2, 4), beacon(3, 12), beacon(7, 5)] },
  { topic: topics.sessionDuration, events: [beacon(7, 5, 10)] },
  { topic: topics.affiliateClick, events: [bridgeClick(6)] },
];

describe('a bounce is a visit without engagement', () => {
  let database: TestDatabase;
  /** The day's visit figures after each batch, in order. */
  const progress: { sessions: number; bounced: number; seconds: number }[] = [];

  const apply = (batch: (typeof batches)[number]) =>
    database.db.transaction().execute((trx) => applyBatchToDb(trx, batch, tz));

  async function dayFigures() {
    const row = await database.db
      .selectFrom('daily_visits')
      .select(['sessions', 'bounced_sessions', sql<string>`visit_seconds`.as('visit_seconds')])
      .where('date', '=', today)
      .executeTakeFirst();
    return {
      sessions: row?.sessions ?? 0,
      bounced: row?.bounced_sessions ?? 0,
      seconds: Number(row?.visit_seconds ?? 0),
    };
  }

  async function snapshot() {
    const out: Record<string, unknown> = {};
    for (const t of ['daily_visits', 'visitor_sessions', 'session_metrics', 'conversion_funnel'])
      out[t] = (await sql`select * from ${sql.table(t)} order by 1, 2`.execute(database.db)).rows;
    return out;
  }

  it.beforeAll(async ({ database: fileDatabase }) => {
    database = fileDatabase;
    await database.db
      .insertInto('affiliate_offers')
      .values({
        id: 1,
        title: 'Lean Shake',
        description: 'A shake',
        url: 'https://partner.example.com/lean?ref=bm',
        bmi_category: 'Overweight',
        goal: 'weight_loss',
      })
      .execute();
    for (const batch of batches) {
      await apply(batch);
      progress.push(await dayFigures());
    }
  });

  it('counts 7 visits of the day, 1 bounce (s2) and their 29 s (4 + 12 + 3 + 10)', async () => {
    const daily = await database.db
      .selectFrom('daily_visits')
      .select(['total_page_views', 'unique_visitors', 'sessions', 'bounced_sessions'])
      .select(sql<string>`visit_seconds`.as('visit_seconds'))
      .where('date', '=', today)
      .executeTakeFirstOrThrow();
    expect(daily).toEqual({
      total_page_views: 8, // s1–s7, s4 twice; the crawler left out
      unique_visitors: 7,
      sessions: 7,
      bounced_sessions: 1,
      visit_seconds: '29',
    });
  });

  it('moves the figures as each batch lands, whatever topic came first', () => {
    expect(progress).toEqual([
      // s5's step and s9's steps: sessions without a page view are not visits yet.
      { sessions: 0, bounced: 0, seconds: 0 },
      // s5's 3 s beacon, still no page view.
      { sessions: 0, bounced: 0, seconds: 0 },
      // The page views: 7 visits; s1, s2, s3, s6, s7 (one page view, nothing else yet) bounce; s4 has two
      // views and s5 arrived engaged, bringing its 3 s.
      { sessions: 7, bounced: 5, seconds: 3 },
      // s1's flow engages it; s2's and s3's landing steps do not.
      { sessions: 7, bounced: 4, seconds: 3 },
      // s3's 12 s engage it; s2's 4 s and s7's 5 s do not.
      { sessions: 7, bounced: 3, seconds: 24 },
      // s7's second 5 s beacon: 10 s in all.
      { sessions: 7, bounced: 2, seconds: 29 },
      // s6's offer click.
      { sessions: 7, bounced: 1, seconds: 29 },
    ]);
  });

  it('keeps each session’s counters, the never-viewed s9 included (not a visit), the crawler’s s8 nowhere', async () => {
    const sessions = await database.db
      .selectFrom('visitor_sessions')
      .select([
        'session_id',
        'visitor_id',
        'start_date',
        'page_views',
        'engaging_steps',
        'offer_clicks',
        'seconds',
      ])
      .orderBy('session_id')
      .execute();
    const row = (
      n: number,
      pageViews: number,
      engagingSteps: number,
      offerClicks: number,
      seconds: number,
    ) => ({
      session_id: `s${n}`,
      visitor_id: `v${n}`,
      start_date: today,
      page_views: pageViews,
      engaging_steps: engagingSteps,
      offer_clicks: offerClicks,
      seconds,
    });
    expect(sessions).toEqual([
      row(1, 1, 3, 0, 0),
      row(2, 1, 0, 0, 4),
      row(3, 1, 0, 0, 12),
      row(4, 2, 0, 0, 0),
      row(5, 1, 1, 0, 3),
      row(6, 1, 0, 1, 0),
      row(7, 1, 0, 0, 10),
      row(9, 0, 1, 0, 0),
    ]);
  });

  it('moves each visitor’s visits and bounces the same way', async () => {
    const metrics = await database.db
      .selectFrom('session_metrics')
      .select(['visitor_id', 'total_visits', 'bounced_visits', 'bounce_rate'])
      .orderBy('visitor_id')
      .execute();
    const visitor = (n: number, visits: number, bounced: number, rate: string) => ({
      visitor_id: `v${n}`,
      total_visits: visits,
      bounced_visits: bounced,
      bounce_rate: rate,
    });
    expect(metrics).toEqual([
      visitor(1, 1, 0, '0.00'),
      visitor(2, 1, 1, '100.00'),
      visitor(3, 1, 0, '0.00'),
      visitor(4, 1, 0, '0.00'),
      visitor(5, 1, 0, '0.00'),
      visitor(6, 1, 0, '0.00'),
      visitor(7, 1, 0, '0.00'),
      // s9's visitor has journey steps but no visit.
      visitor(9, 0, 0, '0.00'),
    ]);
  });

  it('changes nothing when every event is delivered again, batch by batch and all mixed in one go', async () => {
    const before = await snapshot();
    for (const batch of batches) await apply(batch);
    // Redelivered in reverse, a topic's events in one batch.
    for (const topic of [topics.affiliateClick, topics.sessionDuration, topics.journey, topics.pageVisit])
      await apply({
        topic,
        events: batches
          .filter((b) => b.topic === topic)
          .flatMap((b) => b.events)
          .reverse(),
      });
    expect(await snapshot()).toEqual(before);
  });
});
