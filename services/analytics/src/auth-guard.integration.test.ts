// Every analytics route, JSON and CSV, refuses a caller without a valid session of an active admin.
import { describe, expect } from 'vitest';
import type { TestDatabase } from '@bodymetrics/testing';
import { it } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';
import { exportNames } from './routes/exports';
import { seedAdminSession } from './test-support';

const routes: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: '/api/analytics/overview' },
  { method: 'GET', url: '/api/analytics/daily-stats?days=30' },
  { method: 'GET', url: '/api/analytics/affiliate-stats?days=30' },
  { method: 'GET', url: '/api/analytics/recent-clicks?limit=20' },
  { method: 'GET', url: '/api/analytics/device-stats?days=30' },
  { method: 'GET', url: '/api/analytics/traffic-sources?days=30' },
  { method: 'GET', url: '/api/analytics/geographic-stats?days=30' },
  { method: 'GET', url: '/api/journey/funnel-stats?days=30' },
  { method: 'GET', url: '/api/journey/today-summary' },
  { method: 'GET', url: '/api/journey/abandonment?days=30' },
  { method: 'POST', url: '/api/analytics/reset-all-data' },
  ...exportNames.map((name) => ({ method: 'GET' as const, url: `/api/analytics/export/${name}.csv?days=7` })),
];

let testDb: TestDatabase;
let app: ReturnType<typeof buildApp>;
const headersFor: Record<string, Record<string, string>> = {};

it.beforeAll(async ({ database }) => {
  testDb = database;
  app = buildApp({ db: testDb.db, timeZone: 'Europe/Bucharest' });

  const expired = await seedAdminSession(testDb.db, { expiresInMs: -60_000 });
  const loggedOut = await seedAdminSession(testDb.db);
  await testDb.db.deleteFrom('admin_sessions').where('session_id', '=', loggedOut.sessionId).execute();
  const inactive = await seedAdminSession(testDb.db, { active: false });
  const valid = await seedAdminSession(testDb.db);

  headersFor['no session'] = {};
  headersFor['an unknown session id'] = { cookie: 'bm_admin_session=not-a-session' };
  headersFor['an expired session'] = { cookie: expired.cookie };
  headersFor['a logged-out session'] = { cookie: loggedOut.cookie };
  headersFor["an inactive admin's session"] = { cookie: inactive.cookie };
  headersFor['an expired session as bearer token'] = { authorization: `Bearer ${expired.sessionId}` };
  headersFor.valid = { cookie: valid.cookie };
  headersFor['valid bearer'] = { authorization: `Bearer ${valid.sessionId}` };
  return () => app.close();
});

describe.each([
  'no session',
  'an unknown session id',
  'an expired session',
  'a logged-out session',
  "an inactive admin's session",
  'an expired session as bearer token',
])('with %s', (state) => {
  it.each(routes)('$method $url answers 401', async ({ method, url }) => {
    const res = await app.inject({ method, url, headers: headersFor[state] });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: 'A valid admin session is required' },
    });
  });
});

describe('with a valid session', () => {
  // reset-all-data is exercised in its own file; here every read answers.
  it.each(routes.filter((r) => r.method === 'GET'))(
    'GET $url answers 200 by cookie and by bearer token',
    async ({ url }) => {
      expect((await app.inject({ method: 'GET', url, headers: headersFor.valid })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url, headers: headersFor['valid bearer'] })).statusCode).toBe(
        200,
      );
    },
  );

  it('an unauthenticated caller learns nothing from a bad query: 401 before validation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/analytics/daily-stats?days=5' });
    expect(res.statusCode).toBe(401);
  });

  it('health endpoints stay open', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
