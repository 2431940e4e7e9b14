// The hand-counted aggregator test, written once and run by aggregator.integration.test.ts (one aggregator)
// and aggregator-scale-out.integration.test.ts (two aggregators sharing the partitions of one consumer group,
// each applying two partitions at once): mixed events sent through the real tracking routes land as exactly
// the expected raw rows and aggregate numbers (written by hand below) whichever aggregator applied which
// batch; the same events delivered again change nothing; a poison message goes to the dead-letter topic
// while the rest lands.
import { afterAll, describe, expect } from 'vitest';
import { sql } from 'kysely';
import { topics, trackingTopics, type AnalyticsChangedNotice, type Envelope } from '@bodymetrics/contracts';
import { eventually, funnelDay, readTopic, type TestBus, type TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { visitorKeys } from '@bodymetrics/service-kit';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { applyBatchToDb, type Aggregator } from './app';

export interface HandCountedSetup {
  /** Starts the aggregators of the group and resolves once each of them has its partitions. */
  startAggregators(deps: {
    db: TestDatabase['db'];
    testBus: TestBus;
    groupId: string;
    notify: (notice: AnalyticsChangedNotice) => void;
  }): Promise<Aggregator[]>;
}

export function handCountedCases(label: string, setup: HandCountedSetup): void {
  const tz = 'Europe/Bucharest';
  // One day's salt for every tracking app of this file, as in production (Redis): B's later step is still B.
  const keys = visitorKeys(tz);
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const safari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

  const visit = (visitorId: string, sessionId: string, ua: string, extra: Record<string, unknown>) => ({
    visitorId,
    sessionId,
    pageUrl: 'https://bodymetrics.example/',
    userAgent: ua,
    referrer: null,
    deviceType: 'desktop',
    browserName: 'Chrome',
    operatingSystem: 'Windows',
    screenResolution: '1920x1080',
    language: 'ro-RO',
    timeZone: 'Europe/Bucharest',
    isReturningVisitor: 0,
    trafficSource: { source: 'direct', medium: 'none', referrerDomain: null },
    ...extra,
  });

  /** Visitor A: desktop from Google, two pages, the whole form, a results click. Visitor B: mobile, direct,
   * one page (a bounce), a bridge click. C: a crawler. Plus a body-less click, a form snapshot, a leave. */
  const requests: { url: string; body?: unknown; ua: string }[] = [
    {
      url: '/api/analytics/page-visit',
      ua: chrome,
      body: visit('A', 'sA', chrome, { referrer: 'https://www.google.com/search?q=bmi' }),
    },
    {
      url: '/api/analytics/page-visit',
      ua: chrome,
      body: visit('A', 'sA', chrome, {
        pageUrl: 'https://bodymetrics.example/legal/terms',
        referrer: 'https://bodymetrics.example/',
      }),
    },
    {
      url: '/api/analytics/page-visit',
      ua: safari,
      body: visit('B', 'sB', safari, {
        deviceType: 'mobile',
        browserName: 'Safari',
        operatingSystem: 'iOS',
        screenResolution: '390x844',
        language: 'en-US',
        timeZone: 'America/New_York',
      }),
    },
    { url: '/api/analytics/page-visit', ua: googlebot, body: visit('C', 'sC', googlebot, {}) },
    {
      url: '/api/analytics/page-visit',
      ua: chrome,
      body: { visitorId: 'A', sessionId: 'sA', pageUrl: '/', action: 'page_leave' },
    },
    ...[
      'landing',
      'form_started',
      'form_started',
      'form_completed',
      'bridge_viewed',
      'bridge_to_full_results',
      'results_viewed',
    ].map((step) => ({
      url: '/api/journey/track',
      ua: chrome,
      body: { visitorId: 'A', sessionId: 'sA', step },
    })),
    { url: '/api/journey/track', ua: safari, body: { visitorId: 'B', sessionId: 'sB', step: 'landing' } },
    {
      url: '/api/analytics/session-duration',
      ua: chrome,
      body: { visitorId: 'A', sessionDuration: 120, pageUrl: '/' },
    },
    {
      url: '/api/analytics/session-duration',
      ua: safari,
      body: { visitorId: 'B', sessionDuration: 30, pageUrl: '/' },
    },
    {
      url: '/api/analytics/session-duration',
      ua: googlebot,
      body: { visitorId: 'C', sessionDuration: 999, pageUrl: '/' },
    },
    {
      url: '/api/analytics/affiliate-click',
      ua: chrome,
      body: {
        offerId: 1,
        offerTitle: 'Lean Shake',
        offerUrl: 'https://partner.example.com/lean?ref=bm',
        visitorId: 'A',
        ipAddress: null,
        userAgent: chrome,
        referrer: '/',
      },
    },
    { url: '/api/affiliate-offers/click', ua: safari, body: { offerId: 1, visitorId: 'B' } },
    { url: '/api/affiliate-offers/1/click', ua: chrome },
    {
      url: '/api/session/store',
      ua: chrome,
      body: { visitorId: 'A', sessionId: 'sA', age: 30, weight: 180, timestamp: 1763700000000 },
    },
  ];

  async function countRows(db: TestDatabase['db'], table: string): Promise<number> {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    return r.rows[0]?.n ?? 0;
  }

  async function snapshot(db: TestDatabase['db']) {
    const tables = [
      'page_visits',
      'page_leaves',
      'session_durations',
      'user_journey',
      'affiliate_clicks',
      'form_snapshots',
      'daily_visits',
      'conversion_funnel',
      'session_metrics',
      'traffic_sources',
      'daily_traffic',
      'daily_devices',
      'daily_geo',
      'affiliate_daily_clicks',
      'affiliate_click_visitors',
      'offer_counter_clicks',
      'affiliate_offers',
    ];
    const out: Record<string, unknown> = {};
    for (const t of tables)
      out[t] = (await sql`select * from ${sql.table(t)} order by 1, 2`.execute(db)).rows;
    return out;
  }

  describe(label, () => {
    let aggregators: Aggregator[] = [];
    /** Events applied, over every aggregator of the group. */
    const eventsApplied = () => aggregators.reduce((n, a) => n + a.healthcheck().eventsApplied, 0);
    const notices: unknown[] = [];

    it.beforeAll(async ({ database, bus: testBus }) => {
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
      // The group is up (every aggregator has its partitions) before the events come.
      aggregators = await setup.startAggregators({
        db: database.db,
        testBus,
        groupId: 'aggregator-test',
        notify: (n) => void notices.push(n),
      });
      const tracking = buildTracking({
        bus: testBus.bus,
        ipStorage: 'truncated',
        visitorKeys: keys,
        db: database.db,
      });
      for (const r of requests) {
        const response = await tracking.inject({
          method: 'POST',
          url: r.url,
          headers: {
            'user-agent': r.ua,
            'x-forwarded-for': '198.51.100.23',
            ...(r.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(r.body ? { payload: JSON.stringify(r.body) } : {}),
        });
        expect(response.statusCode, response.body).toBe(202);
      }
      await tracking.close();
      await eventually(async () => expect(eventsApplied()).toBe(requests.length), { timeoutMs: 30_000 });
    });

    afterAll(() => Promise.all(aggregators.map((a) => a.shutdown())));

    it('writes exactly one raw row per accepted event', async ({ database }) => {
      expect(await countRows(database.db, 'page_visits')).toBe(4);
      expect(await countRows(database.db, 'page_leaves')).toBe(1);
      expect(await countRows(database.db, 'user_journey')).toBe(8);
      expect(await countRows(database.db, 'session_durations')).toBe(3);
      // The body-less counter call is not an analytics click: it is kept apart, for the offer's counter.
      expect(await countRows(database.db, 'affiliate_clicks')).toBe(2);
      expect(await countRows(database.db, 'offer_counter_clicks')).toBe(1);
      expect(await countRows(database.db, 'form_snapshots')).toBe(1);
      const bot = await database.db
        .selectFrom('page_visits')
        .select(['is_bot', 'ip_address'])
        .where('visitor_id', '=', 'C')
        .executeTakeFirstOrThrow();
      expect(bot).toEqual({ is_bot: true, ip_address: '198.51.100.0' });
      const bridgeClick = await database.db
        .selectFrom('affiliate_clicks')
        .selectAll()
        .where('source', '=', 'bridge')
        .executeTakeFirstOrThrow();
      expect(bridgeClick).toMatchObject({
        offer_title: 'Lean Shake',
        offer_url: 'https://partner.example.com/lean?ref=bm',
        visitor_id: 'B',
      });
    });

    it('moves the daily aggregates by the hand-counted amounts (the crawler left out)', async ({
      database,
    }) => {
      const daily = await database.db
        .selectFrom('daily_visits')
        .selectAll()
        .where('date', '=', today)
        .executeTakeFirstOrThrow();
      expect(daily).toMatchObject({
        unique_visitors: 2,
        total_page_views: 3,
        mobile_visitors: 1,
        sessions: 2,
        bounced_sessions: 1,
        session_time_total: '150',
        session_time_count: 2,
        affiliate_clicks: 2,
      });
      const funnel = await funnelDay(database.db, today);
      expect(funnel).toMatchObject({
        landing_visitors: 2,
        form_started: 1,
        form_completed: 1,
        bridge_viewed: 1,
        bridge_to_full_results: 1,
        results_viewed: 1,
        email_provided: 0,
        report_sent: 0,
      });
      const devices = await database.db
        .selectFrom('daily_devices')
        .select(['device_type', 'browser_name', 'operating_system', 'visitors'])
        .orderBy('device_type')
        .execute();
      expect(devices).toEqual([
        { device_type: 'desktop', browser_name: 'Chrome', operating_system: 'Windows', visitors: 1 },
        { device_type: 'mobile', browser_name: 'Safari', operating_system: 'iOS', visitors: 1 },
      ]);
      const geo = await database.db
        .selectFrom('daily_geo')
        .select(['time_zone', 'language', 'visitors'])
        .orderBy('time_zone')
        .execute();
      expect(geo).toEqual([
        { time_zone: 'America/New_York', language: 'en-US', visitors: 1 },
        { time_zone: 'Europe/Bucharest', language: 'ro-RO', visitors: 1 },
      ]);
      const clicks = await database.db
        .selectFrom('affiliate_daily_clicks')
        .select(['offer_id', 'clicks', 'unique_clicks'])
        .execute();
      expect(clicks).toEqual([{ offer_id: 1, clicks: 2, unique_clicks: 2 }]);
      const offer = await database.db
        .selectFrom('affiliate_offers')
        .select('clicks')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      // The bridge click and the counter call; the results click is counted by its counter call only.
      expect(offer.clicks).toBe(2);
    });

    it('keeps first touch and per-visitor metrics', async ({ database }) => {
      const traffic = await database.db
        .selectFrom('daily_traffic')
        .select(['source', 'medium', 'referrer_domain', 'visitors', 'converted'])
        .orderBy('source')
        .execute();
      expect(traffic).toEqual([
        { source: 'direct', medium: 'none', referrer_domain: '', visitors: 1, converted: 1 },
        { source: 'google', medium: 'organic', referrer_domain: 'www.google.com', visitors: 1, converted: 1 },
      ]);
      const metrics = await database.db
        .selectFrom('session_metrics')
        .select([
          'visitor_id',
          'total_visits',
          'total_page_views',
          'bounced_visits',
          'bounce_rate',
          'total_session_time',
          'affiliate_clicks_count',
          'conversion_completed',
          'email_submitted',
          'last_device_type',
          'acquisition_source',
        ])
        .orderBy('visitor_id')
        .execute();
      expect(metrics).toEqual([
        {
          visitor_id: 'A',
          total_visits: 1,
          total_page_views: 2,
          bounced_visits: 0,
          bounce_rate: '0.00',
          total_session_time: 120,
          affiliate_clicks_count: 1,
          conversion_completed: true,
          email_submitted: false,
          last_device_type: 'desktop',
          acquisition_source: 'google',
        },
        {
          visitor_id: 'B',
          total_visits: 1,
          total_page_views: 1,
          bounced_visits: 1,
          bounce_rate: '100.00',
          total_session_time: 30,
          affiliate_clicks_count: 1,
          conversion_completed: true,
          email_submitted: false,
          last_device_type: 'mobile',
          acquisition_source: 'direct',
        },
      ]);
    });

    it('announces each applied batch', () => {
      expect(notices.length).toBeGreaterThan(0);
    });

    it('changes nothing when the same events are delivered again (through Kafka and straight into a batch)', async ({
      database,
      bus: testBus,
    }) => {
      const before = await snapshot(database.db);
      const applied = eventsApplied();
      let replayed = 0;
      for (const topic of trackingTopics) {
        const envelopes = await readTopic(testBus.topicPrefix, topic, {
          expect: requests.length,
          timeoutMs: 2000,
        });
        for (const e of envelopes) await testBus.bus.publishRaw(topic, 'replay', JSON.stringify(e));
        replayed += envelopes.length;
        // The same batch applied twice in a row, outside Kafka.
        if (envelopes.length) {
          await database.db
            .transaction()
            .execute((trx) => applyBatchToDb(trx, { topic, events: envelopes as Envelope<unknown>[] }, tz));
        }
      }
      expect(replayed).toBe(requests.length);
      await eventually(async () => expect(eventsApplied()).toBe(applied + replayed), {
        timeoutMs: 30_000,
      });
      expect(await snapshot(database.db)).toEqual(before);
    });

    it('dead-letters a poison message and goes on', async ({ database, bus: testBus }) => {
      await testBus.bus.publishRaw(topics.journey, 'poison', '{"this is": "not an envelope"');
      await testBus.bus.publishRaw(
        topics.journey,
        'poison',
        JSON.stringify({ id: 'x', type: 'journey', version: 1, receivedAt: 'yesterday', payload: {} }),
      );
      const tracking = buildTracking({
        bus: testBus.bus,
        ipStorage: 'truncated',
        visitorKeys: keys,
        db: database.db,
      });
      const after = await tracking.inject({
        method: 'POST',
        url: '/api/journey/track',
        // B's network and browser, so B's daily visitor key: B landed, so form_started counts.
        headers: { 'user-agent': safari, 'x-forwarded-for': '198.51.100.23' },
        payload: { visitorId: 'B', sessionId: 'sB', step: 'form_started' },
      });
      expect(after.statusCode).toBe(202);
      await tracking.close();
      await eventually(async () => {
        const funnel = await funnelDay(database.db, today);
        expect(funnel.form_started).toBe(2);
      });
      const letters = await testBus.bus.readDeadLetters(topics.journey, { expect: 2 });
      expect(letters).toHaveLength(2);
      expect(letters[0]?.reason).toBe('not JSON');
      expect(letters[1]?.reason).toMatch(/id|receivedAt/);
      expect(letters[0]?.value).toBe('{"this is": "not an envelope"');
    });
  });
}
