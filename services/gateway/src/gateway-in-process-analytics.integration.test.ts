// Analytics served inside the gateway's process (in-process-service.ts; the embedded mode does), against a
// real Postgres: the dashboard's reads answer as analytics' own app does — behind the admin session (401
// without one), 400 naming the field — and what the gateway puts in front of the proxied area still applies:
// the same-origin rule on its state changes (403 before analytics sees them), the request id, the security
// headers; and a route of analytics outside its area in the table is refused at start.
import { describe, expect } from 'vitest';
import { analyticsPaths } from '@bodymetrics/contracts';
import { inProcessAnalytics } from '@bodymetrics/analytics';
import { test } from '@bodymetrics/testing/fixtures';
import { buildGateway } from './app';
import { proxiedBut, seedAdmin, startEchoUpstreams, startInProcessGateway } from './test-support';

const publicBaseUrl = 'https://bodymetrics.example';
const timeZone = 'Europe/Bucharest';

const it = test.extend('served', { scope: 'file' }, async ({ database }, { onCleanup }) => {
  const { gateway, close } = await startInProcessGateway({
    inProcess: { analytics: inProcessAnalytics({ db: database.db, timeZone }) },
    publicBaseUrl,
  });
  onCleanup(close);
  const { session } = await seedAdmin(database.db, 'in-process-operator');
  await database.db
    .insertInto('affiliate_offers')
    .values({
      id: 1,
      title: 'Offer 1',
      description: 'A test offer',
      url: 'https://partner.example.com/offer-1',
      bmi_category: 'Normal',
      goal: 'wellness',
      active: true,
    })
    .execute();
  await database.db
    .insertInto('affiliate_daily_clicks')
    .values({ date: '2026-03-02', offer_id: 1, clicks: 7, last_clicked_at: new Date('2026-03-02T10:00:00Z') })
    .execute();
  return { gateway, bearer: { authorization: `Bearer ${session}` } };
});

describe('analytics in the gateway’s process', () => {
  it('answers the overview with a session, from the database, and 401 without one', async ({ served }) => {
    const { gateway, bearer } = served;
    const url = `${analyticsPaths.overview}?from=2026-03-01&to=2026-03-03`;
    const refused = await gateway.inject({ method: 'GET', url });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const res = await gateway.inject({ method: 'GET', url, headers: bearer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().period).toMatchObject({ from: '2026-03-01', to: '2026-03-03', clicks: 7 });
    // What the gateway adds to every answer.
    expect(res.headers['x-request-id']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 400 naming the field, as analytics’ own app does', async ({ served }) => {
    const res = await served.gateway.inject({
      method: 'GET',
      url: `${analyticsPaths.overview}?days=45`,
      headers: served.bearer,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('days');
  });

  it('refuses a state change from another site with 403 before analytics sees it', async ({ served }) => {
    const res = await served.gateway.inject({
      method: 'POST',
      url: analyticsPaths.resetAllData,
      headers: { ...served.bearer, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ confirm: 'RESET' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_origin_refused');
  });

  it('refuses at start a route outside what the table gives analytics', async () => {
    const echoes = await startEchoUpstreams();
    try {
      await expect(
        buildGateway({
          upstreams: proxiedBut(echoes.upstreams, { analytics: {} }),
          inProcess: {
            analytics: { routes: (scope) => void scope.get('/api/offers/sneaky', () => ({ ok: true })) },
          },
          publicBaseUrl,
          publicDir: '/nonexistent',
          adminDir: '/nonexistent',
        }),
      ).rejects.toThrow(
        /analytics in-process: GET \/api\/offers\/sneaky is not among analytics's unbudgeted routes/,
      );
    } finally {
      await echoes.close();
    }
  });
});
