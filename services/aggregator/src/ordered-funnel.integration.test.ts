// The ordered funnel against real Postgres and Kafka: a visitor counts at a step only after
// counting at every step before it that day; a step that arrived early counts once its gap fills, exactly
// once under redelivery and under concurrent batches; no step ever exceeds its predecessor.
import { beforeEach, describe, expect } from 'vitest';
import { sql } from 'kysely';
import { buildEnvelope } from '@bodymetrics/bus';
import {
  orderedFunnelSteps,
  topics,
  type Envelope,
  type JourneyEvent,
  type JourneyStep,
} from '@bodymetrics/contracts';
import { eventually, funnelDay, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { applyBatchToDb, startAggregator } from './app';

const tz = 'Europe/Bucharest';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const todayIn = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

const stepEvent = (visitor: string, step: JourneyStep, receivedAt = new Date()): Envelope<JourneyEvent> =>
  buildEnvelope(
    topics.journey,
    {
      visitorId: `id-${visitor}`,
      sessionId: `s-${visitor}`,
      step,
      visitorKey: `d:${visitor}`,
      ipAddress: '198.51.100.0',
      requestUserAgent: chrome,
      isBot: false,
    } satisfies JourneyEvent,
    receivedAt,
  );

const apply = (db: TestDatabase['db'], events: Envelope<JourneyEvent>[]) =>
  db.transaction().execute((trx) => applyBatchToDb(trx, { topic: topics.journey, events }, tz));

type Funnel = Record<
  | 'landing_visitors'
  | 'form_started'
  | 'form_completed'
  | 'bridge_viewed'
  | 'bridge_to_full_results'
  | 'results_viewed'
  | 'email_provided'
  | 'report_sent'
  | 'bridge_affiliate_clicks',
  number
>;
const zero: Funnel = {
  landing_visitors: 0,
  form_started: 0,
  form_completed: 0,
  bridge_viewed: 0,
  bridge_to_full_results: 0,
  results_viewed: 0,
  email_provided: 0,
  report_sent: 0,
  bridge_affiliate_clicks: 0,
};
const orderedColumns = Object.keys(zero).slice(0, orderedFunnelSteps.length) as (keyof Funnel)[];

const funnelOf = (db: TestDatabase['db'], date: string): Promise<Funnel> => funnelDay(db, date);

/** Funnel counts with the first `n` ordered steps at 1 (one visitor counted through step n). */
const through = (n: number, extra: Partial<Funnel> = {}): Funnel => ({
  ...zero,
  ...Object.fromEntries(orderedColumns.slice(0, n).map((c) => [c, 1])),
  ...extra,
});

/** A small seeded generator, so a failing random order can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ordered funnel', () => {
  let database: TestDatabase;
  const today = todayIn(new Date());

  it.beforeAll(({ database: fileDatabase }) => {
    database = fileDatabase;
  });
  beforeEach(async () => {
    await sql`truncate conversion_funnel, funnel_step_visitors, funnel_visitor_progress, user_journey, session_metrics`.execute(
      database.db,
    );
  });

  it('counts a visitor with only landing and results_viewed at landing only', async () => {
    await apply(database.db, [stepEvent('a', 'landing'), stepEvent('a', 'results_viewed')]);
    expect(await funnelOf(database.db, today)).toEqual(through(1));
  });

  it('counts an early step once its gap fills (results_viewed before form_completed), at every step once', async () => {
    await apply(database.db, [stepEvent('a', 'landing'), stepEvent('a', 'form_started')]);
    // The page's parallel calls: the later steps land first, in their own batches.
    await apply(database.db, [stepEvent('a', 'results_viewed')]);
    await apply(database.db, [
      stepEvent('a', 'bridge_to_full_results'),
      stepEvent('a', 'bridge_affiliate_click'),
    ]);
    await apply(database.db, [stepEvent('a', 'bridge_viewed')]);
    // landing, form_started; form_completed is missing, so nothing after it counts yet.
    expect(await funnelOf(database.db, today)).toEqual(through(2));
    await apply(database.db, [stepEvent('a', 'form_completed')]);
    // The gap filled: form_completed … results_viewed (6 steps) and the bridge click, each once.
    expect(await funnelOf(database.db, today)).toEqual(through(6, { bridge_affiliate_clicks: 1 }));
    await apply(database.db, [stepEvent('a', 'form_completed'), stepEvent('a', 'results_viewed')]);
    expect(await funnelOf(database.db, today)).toEqual(through(6, { bridge_affiliate_clicks: 1 }));
  });

  it('counts a bridge click only after bridge_viewed, and email/report only after results', async () => {
    await apply(database.db, [
      stepEvent('a', 'landing'),
      stepEvent('a', 'form_started'),
      stepEvent('a', 'form_completed'),
      stepEvent('a', 'bridge_affiliate_click'),
      stepEvent('a', 'email_provided'),
      stepEvent('a', 'report_sent'),
    ]);
    expect(await funnelOf(database.db, today)).toEqual(through(3));
  });

  it('changes nothing when the same steps are delivered again', async () => {
    const events = orderedFunnelSteps.map((step) => stepEvent('a', step));
    await apply(database.db, events);
    const before = await funnelOf(database.db, today);
    expect(before).toEqual(through(8));
    await apply(database.db, events);
    await apply(database.db, events.slice(2, 5));
    expect(await funnelOf(database.db, today)).toEqual(before);
    const progress = await database.db.selectFrom('funnel_visitor_progress').selectAll().execute();
    expect(progress).toEqual([{ date: today, visitor_id: 'd:a', counted_steps: [...orderedFunnelSteps] }]);
  });

  it('counts each visitor day by day: a step on another day needs that day’s earlier steps', async () => {
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await apply(database.db, [
      stepEvent('a', 'landing', yesterday),
      stepEvent('a', 'form_started', yesterday),
    ]);
    await apply(database.db, [stepEvent('a', 'form_completed')]);
    expect(await funnelOf(database.db, todayIn(yesterday))).toEqual(through(2));
    expect(await funnelOf(database.db, today)).toEqual(zero);
  });

  it('counts exactly once when two batches for one visitor and day run at the same time', async () => {
    for (let round = 0; round < 10; round++) {
      const visitor = `race-${round}`;
      await apply(database.db, [stepEvent(visitor, 'landing'), stepEvent(visitor, 'form_started')]);
      // Either batch alone fills nothing after form_started; together they reach results_viewed.
      await Promise.all([
        apply(database.db, [
          stepEvent(visitor, 'form_completed'),
          stepEvent(visitor, 'bridge_to_full_results'),
        ]),
        apply(database.db, [stepEvent(visitor, 'bridge_viewed'), stepEvent(visitor, 'results_viewed')]),
      ]);
    }
    expect(await funnelOf(database.db, today)).toEqual({
      ...zero,
      landing_visitors: 10,
      form_started: 10,
      form_completed: 10,
      bridge_viewed: 10,
      bridge_to_full_results: 10,
      results_viewed: 10,
    });
  });

  it('never lets a step exceed its predecessor, whatever the order, batching, repeats and concurrency', async () => {
    const next = random(13);
    const steps: JourneyStep[] = [...orderedFunnelSteps, 'bridge_affiliate_click'];
    const expected: Funnel = { ...zero };
    const events: Envelope<JourneyEvent>[] = [];
    for (let v = 0; v < 40; v++) {
      // Each visitor sends a random subset of steps, some twice.
      const sent = steps.filter(() => next() < 0.8);
      for (const step of sent) {
        events.push(stepEvent(`p${v}`, step));
        if (next() < 0.2) events.push(stepEvent(`p${v}`, step));
      }
      // By hand: the longest ordered prefix of what was sent, and the bridge click if it reached bridge_viewed.
      let reached = 0;
      while (reached < orderedFunnelSteps.length && sent.includes(orderedFunnelSteps[reached]!)) reached++;
      for (const c of orderedColumns.slice(0, reached)) expected[c] += 1;
      if (reached >= 4 && sent.includes('bridge_affiliate_click')) expected.bridge_affiliate_clicks += 1;
    }
    // Shuffled, cut into random batches, two batches at a time, then everything delivered again.
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [events[i], events[j]] = [events[j]!, events[i]!];
    }
    const batches: Envelope<JourneyEvent>[][] = [];
    for (let i = 0; i < events.length;) {
      const size = 1 + Math.floor(next() * 12);
      batches.push(events.slice(i, i + size));
      i += size;
    }
    for (let i = 0; i < batches.length; i += 2) {
      await Promise.all(batches.slice(i, i + 2).map((b) => apply(database.db, b)));
      const now = await funnelOf(database.db, today);
      for (let k = 1; k < orderedColumns.length; k++) {
        expect(now[orderedColumns[k]!]).toBeLessThanOrEqual(now[orderedColumns[k - 1]!]);
      }
      expect(now.bridge_affiliate_clicks).toBeLessThanOrEqual(now.bridge_viewed);
    }
    expect(await funnelOf(database.db, today)).toEqual(expected);
    await Promise.all(batches.slice(0, 4).map((b) => apply(database.db, b)));
    expect(await funnelOf(database.db, today)).toEqual(expected);
  });
});

describe('ordered funnel through Kafka', () => {
  let database: TestDatabase;
  let testBus: TestBus;

  it.beforeAll(async ({ database: fileDatabase, bus }) => {
    database = fileDatabase;
    testBus = bus;
    // The file's database is shared with the direct-apply tests above: start from no funnel rows, as those do.
    await sql`truncate conversion_funnel, funnel_step_visitors, funnel_visitor_progress, user_journey, session_metrics`.execute(
      database.db,
    );
  });

  it('counts steps published out of order once the aggregator has them all', async () => {
    const publish = (visitor: string, step: JourneyStep) =>
      testBus.bus.publish(topics.journey, {
        visitorId: `id-${visitor}`,
        sessionId: `s-${visitor}`,
        step,
        visitorKey: `d:${visitor}`,
        ipAddress: null,
        requestUserAgent: chrome,
        isBot: false,
      } satisfies JourneyEvent);
    // Visitor k: every step, newest first. Visitor l: landing and results_viewed only.
    for (const step of [...orderedFunnelSteps].reverse()) await publish('k', step);
    await publish('l', 'results_viewed');
    await publish('l', 'landing');
    const aggregator = await startAggregator({
      db: database.db,
      bus: testBus.bus,
      timeZone: tz,
      groupId: 'ordered-funnel-test',
    });
    try {
      await eventually(async () => expect(aggregator.healthcheck().eventsApplied).toBe(10), {
        timeoutMs: 30_000,
      });
      expect(await funnelOf(database.db, todayIn(new Date()))).toEqual({
        ...through(8),
        landing_visitors: 2,
      });
    } finally {
      await aggregator.shutdown();
    }
  });
});
