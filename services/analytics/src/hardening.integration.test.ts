// CSV injection, no-store and strict numbers through the real analytics service and a real Postgres: a stored value with a
// formula after a `;` is exported as inert text, every read and export is `Cache-Control: no-store`, and
// `days` / `limit` are decimal digits with the rule named when refused.
import { describe, expect } from 'vitest';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { exportNames } from './routes/exports';
import { dateDaysAgo, seedAdminSession } from './test-support';

const timeZone = 'Europe/Bucharest';
let testDb: TestDatabase;
let app: ReturnType<typeof buildApp>;
let cookie: string;

it.beforeAll(async ({ database }) => {
  testDb = database;
  app = buildApp({ db: testDb.db, timeZone });
  ({ cookie } = await seedAdminSession(testDb.db));
  const today = await dateDaysAgo(testDb.db, timeZone, 0);
  // What a visitor's page-visit body puts in the aggregates (browserName, operatingSystem, the referrer's
  // domain): anything a client chose.
  await testDb.db
    .insertInto('daily_devices')
    .values({
      date: today,
      device_type: 'desktop',
      browser_name: 'Chrome;=4+4',
      operating_system: 'Linux,@SUM(1+1)',
      visitors: 3,
    })
    .execute();
  await testDb.db
    .insertInto('daily_traffic')
    .values({
      date: today,
      source: 'referral',
      medium: 'referral',
      referrer_domain: 'evil.example;=HYPERLINK("https://evil.example","Click")',
      visitors: 2,
      converted: 0,
    })
    .execute();
  return () => app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

describe('CSV export of stored hostile values', () => {
  it('device-stats.csv: the browser name with `;=` is one quoted, neutralised cell', async () => {
    const res = await get('/api/analytics/export/device-stats.csv?days=7');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(
      '\uFEFF"deviceType","browserName","operatingSystem","count"\n' +
        '"desktop","\'Chrome;=4+4","\'Linux,@SUM(1+1)","3"\n',
    );
  });

  it('traffic-sources.csv: the referrer domain with `;=HYPERLINK` is one quoted, neutralised cell', async () => {
    const res = await get('/api/analytics/export/traffic-sources.csv?days=7');
    expect(res.statusCode, res.body).toBe(200);
    const [, row] = res.body.split('\n');
    expect(row).toBe(
      '"referral","referral","\'evil.example;=HYPERLINK(""https://evil.example"",""Click"")","2","0"',
    );
  });
});

describe('Cache-Control', () => {
  const reads = [
    '/api/analytics/overview',
    '/api/analytics/daily-stats?days=30',
    '/api/analytics/affiliate-stats?days=30',
    '/api/analytics/recent-clicks?limit=20',
    '/api/analytics/device-stats?days=30',
    '/api/analytics/traffic-sources?days=30',
    '/api/analytics/geographic-stats?days=30',
    '/api/journey/funnel-stats?days=30',
    '/api/journey/today-summary',
    '/api/journey/abandonment?days=30',
    ...exportNames.map((name) => `/api/analytics/export/${name}.csv?days=7`),
  ];

  it.each(reads)('GET %s is no-store', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a refused read (no session) is no-store too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/analytics/overview' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('days and limit', () => {
  it.each([
    '/api/analytics/daily-stats?days=0x5a',
    '/api/analytics/daily-stats?days=9e1',
    '/api/analytics/daily-stats?days=%2090',
    '/api/analytics/daily-stats?days=14',
    '/api/journey/funnel-stats?days=0x5a',
    '/api/analytics/export/daily-stats.csv?days=0x5a',
  ])('%s → 400 "days: must be one of 7, 30, 90"', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_error', message: 'days: must be one of 7, 30, 90' },
    });
  });

  it('days=90 is still 90', async () => {
    const res = await get('/api/analytics/export/daily-stats.csv?days=90');
    expect(res.statusCode).toBe(200);
    // The file names its range: 90 calendar dates, the last one today.
    const [, from, to] = /daily-stats-(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})\.csv/.exec(
      String(res.headers['content-disposition']),
    )!;
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000 + 1).toBe(90);
  });

  it.each(['0x10', '1e1', '0', '101'])('recent-clicks?limit=%s → 400 naming the rule', async (limit) => {
    const res = await get(`/api/analytics/recent-clicks?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_error', message: 'limit: must be a whole number from 1 to 100' },
    });
  });
});
