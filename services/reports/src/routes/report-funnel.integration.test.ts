// The funnel's email_provided and report_sent come from this service, on real Postgres,
// Kafka and SMTP: the page's steps go through tracking, the report through POST /api/email-report, the
// aggregator counts both for the same visitor (one shared daily salt, as in every composition root).
// Every expected number is counted by hand from the story below.
import { describe, expect } from 'vitest';
import { InProcessBus } from '@bodymetrics/bus';
import { startAggregator, type Aggregator } from '@bodymetrics/aggregator';
import { topics } from '@bodymetrics/contracts';
import { visitorKeys } from '@bodymetrics/service-kit';
import {
  closedPort,
  eventually,
  funnelDay,
  metricSample,
  readTopic,
  type SmtpSink,
  type TestBus,
  type TestDatabase,
} from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp as buildTracking } from '@bodymetrics/tracking';
import { reportBody, testApp } from '../test-support';

const tz = 'Europe/Bucharest';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: tz,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const pageSteps = [
  'landing',
  'form_started',
  'form_completed',
  'bridge_viewed',
  'bridge_to_full_results',
  'results_viewed',
] as const;

/** Each visitor on a network of its own, as the gateway would see it. */
const headers = (ip: string) => ({ 'user-agent': chrome, 'x-forwarded-for': ip });

describe('the report service records the funnel’s last two steps', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let sink: SmtpSink;
  let aggregator: Aggregator;
  const keys = visitorKeys(tz);
  let tracking: ReturnType<typeof buildTracking>;
  let reports: ReturnType<typeof testApp>;
  let failingReports: ReturnType<typeof testApp>;
  let journeyEvents = 0;

  const walk = async (visitorId: string, ip: string, steps: readonly string[]) => {
    for (const step of steps) {
      const response = await tracking.inject({
        method: 'POST',
        url: '/api/journey/track',
        headers: headers(ip),
        payload: { visitorId, sessionId: `s-${visitorId}`, step },
      });
      expect(response.statusCode, response.body).toBe(202);
      journeyEvents++;
    }
  };
  const askForReport = (app: ReturnType<typeof testApp>, ip: string, extra: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/email-report',
      headers: headers(ip),
      payload: reportBody({
        email: `${ip.replaceAll('.', '-')}@example.com`,
        consent: { healthData: true },
        ...extra,
      }),
    });
  const funnel = async () => {
    const { landing_visitors, results_viewed, email_provided, report_sent } = await funnelDay(
      database.db,
      today,
    );
    return { landing_visitors, results_viewed, email_provided, report_sent };
  };

  it.beforeAll(async ({ database: fileDatabase, bus, smtp }) => {
    database = fileDatabase;
    testBus = bus;
    sink = smtp;
    tracking = buildTracking({
      bus: testBus.bus,
      ipStorage: 'truncated',
      visitorKeys: keys,
      db: database.db,
    });
    reports = testApp({ db: database.db, smtpUrl: sink.url, bus: testBus.bus, visitorKeys: keys });
    failingReports = testApp({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      bus: testBus.bus,
      visitorKeys: keys,
    });
    aggregator = await startAggregator({
      db: database.db,
      bus: testBus.bus,
      timeZone: tz,
      groupId: 'report-funnel',
    });
    return async () => {
      await aggregator.shutdown();
      await tracking.close();
      await reports.close();
      await failingReports.close();
    };
  });

  it('a mailed report moves email_provided and report_sent; a failed mail moves email_provided only', async () => {
    // M: the whole page flow, then a report that is mailed (storage not allowed: counted by the daily key).
    await walk('M', '203.0.113.1', pageSteps);
    const mailed = await askForReport(reports, '203.0.113.1', { visitorId: 'M', sessionId: 's-M' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    journeyEvents += 2;
    // F: the whole page flow, then a report whose mail the SMTP server never takes.
    await walk('F', '203.0.113.2', pageSteps);
    const failed = await askForReport(failingReports, '203.0.113.2', {
      visitorId: 'F',
      sessionId: 's-F',
      storageAllowed: false,
    });
    expect(failed.statusCode).toBe(502);
    journeyEvents += 1;
    // L: only landed, yet asks for a report (a script, not the page): recorded, counted at landing only.
    await walk('L', '203.0.113.3', ['landing']);
    expect(
      (await askForReport(reports, '203.0.113.3', { visitorId: 'L', sessionId: 's-L' })).statusCode,
    ).toBe(200);
    journeyEvents += 2;
    // N: a report without the visitor's ids is mailed all the same, and moves no step.
    expect((await askForReport(reports, '203.0.113.4', {})).statusCode).toBe(200);

    await eventually(async () => expect(aggregator.healthcheck().eventsApplied).toBe(journeyEvents), {
      timeoutMs: 30_000,
    });
    // landing: M, F, L = 3; results_viewed: M, F = 2; email_provided: M, F = 2 (L never reached results);
    // report_sent: M = 1 (F's mail failed).
    expect(await funnel()).toEqual({
      landing_visitors: 3,
      results_viewed: 2,
      email_provided: 2,
      report_sent: 1,
    });
    expect(sink.messages).toHaveLength(3);
  });

  it('stamps the report’s steps like tracking stamps the page’s: same visitor key, the server’s bot decision', async () => {
    const events = await readTopic(testBus.topicPrefix, topics.journey, { expect: journeyEvents });
    const of = (visitorId: string, step: string) =>
      events.find((e) => {
        const p = e.payload as { visitorId: string; step: string };
        return p.visitorId === visitorId && p.step === step;
      })?.payload;
    const landing = of('M', 'landing') as { visitorKey: string };
    expect(of('M', 'report_sent')).toMatchObject({
      visitorKey: landing.visitorKey,
      sessionId: 's-M',
      ipAddress: '203.0.113.0',
      requestUserAgent: chrome,
      isBot: false,
    });
    expect(landing.visitorKey).toMatch(/^d:/);
  });

  it('changes nothing when the report’s steps are delivered again', async () => {
    const before = await funnel();
    const events = await readTopic(testBus.topicPrefix, topics.journey, { expect: journeyEvents });
    for (const e of events) await testBus.bus.publishRaw(topics.journey, 'replay', JSON.stringify(e));
    await eventually(async () => expect(aggregator.healthcheck().eventsApplied).toBe(journeyEvents * 2), {
      timeoutMs: 30_000,
    });
    expect(await funnel()).toEqual(before);
  });

  it('still mails the report when the bus cannot take its steps, and counts the lost steps on /metrics', async ({
    closeAfter,
  }) => {
    // An in-process bus with no topics refuses every write, as a bus that is away does.
    const away = closeAfter(
      testApp({ db: database.db, smtpUrl: sink.url, bus: new InProcessBus(), visitorKeys: keys }),
    );
    const response = await askForReport(away, '203.0.113.5', { visitorId: 'B', sessionId: 's-B' });
    expect(response.statusCode, response.body).toBe(200);
    const metrics = (await away.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricSample(metrics, 'report_funnel_steps_lost_total', { step: 'email_provided' })).toBe(1);
    expect(metricSample(metrics, 'report_funnel_steps_lost_total', { step: 'report_sent' })).toBe(1);
  });
});
