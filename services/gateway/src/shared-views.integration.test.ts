// Shared views through the gateway, on real Postgres with seeded traffic: an admin makes a read-only link
// (token answered once, stored only as its SHA-256); whoever opens it reads the chosen tabs with no admin
// session, and no answer holds a visitor id or an address of the seeded traffic; a password-protected link
// refuses until its password is given (a cookie scoped to that link); an expired or revoked link gets 403;
// a tab not chosen, a write and the admin's routes without a session are refused; requests are limited per
// client.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import { buildApp as buildAnalytics } from '@bodymetrics/analytics';
import type { Db } from '@bodymetrics/db';
import { it } from '@bodymetrics/testing/fixtures';
import { adminRequests, seedAdmin, startGatewayOver, type GatewayOverServices } from './test-support';

const visitorIds = ['shared-visitor-4f1c9a', 'shared-visitor-77b2e0'];
const addresses = ['203.0.113.0', '203.0.113.57', '198.51.100.23'];

describe('shared views', () => {
  let db: Db;
  let front: GatewayOverServices;
  let ana: Awaited<ReturnType<typeof seedAdmin>>;
  let clock = new Date();
  const request = adminRequests(() => front.base);
  const share = async (body: Record<string, unknown>) => {
    const answer = await request('POST', '/api/admin/shared-views', { session: ana.session, body });
    expect(answer.status).toBe(201);
    return (await answer.json()) as { id: number; token: string; url: string };
  };
  const today = () => clock.toISOString().slice(0, 10);

  it.beforeAll(async ({ database }) => {
    db = database.db;
    ana = await seedAdmin(db, 'ana');
    const date = new Date().toISOString().slice(0, 10);
    await db.insertInto('daily_visits').values({ date, unique_visitors: 2, total_page_views: 5 }).execute();
    await db
      .insertInto('affiliate_clicks')
      .values(
        visitorIds.map((visitorId, i) => ({
          event_id: randomUUID(),
          offer_id: 1,
          source: 'results' as const,
          visitor_id: visitorId,
          ip_address: addresses[i] ?? null,
          clicked_at: new Date(),
          click_date: date,
          click_id: randomUUID(),
        })),
      )
      .execute();
    await db
      .insertInto('annotations')
      .values({ start_date: date, end_date: date, note: 'campaign started', created_by: 'ana' })
      .execute();
    front = await startGatewayOver(
      {
        analytics: buildAnalytics({
          db,
          timeZone: 'UTC',
          sharedViewPerMinute: 40,
          now: () => clock,
        }),
      },
      { publicBaseUrl: 'https://bodymetrics.example' },
    );
  });
  afterAll(() => front?.close());

  it('answers the chosen tabs to a browser without a session, with no visitor id or address anywhere', async () => {
    const link = await share({ name: 'Partener', tabs: ['daily', 'affiliate', 'traffic'] });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`/admin/share/${link.token}`);
    const stored = await db
      .selectFrom('shared_views')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirst();
    expect(stored?.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const base = `/api/shared/${link.token}`;
    const answers: string[] = [];
    const read = async (path: string) => {
      const answer = await request('GET', base + path, { headers: {} });
      expect(answer.status, path).toBe(200);
      const text = await answer.text();
      answers.push(text);
      return JSON.parse(text) as Record<string, unknown>;
    };
    expect(await read('')).toEqual({
      name: 'Partener',
      tabs: ['daily', 'affiliate', 'traffic'],
      expiresAt: null,
      passwordRequired: false,
      unlocked: true,
    });
    expect(await read('/overview?days=7')).toMatchObject({ period: { to: today() } });
    const daily = await read('/tabs/daily?days=7');
    expect(daily).toMatchObject({
      tables: { dailyStats: [{ date: today(), uniqueVisitors: 2, totalPageViews: 5 }] },
      annotations: [{ date: today(), note: 'campaign started' }],
    });
    expect(JSON.stringify(daily)).not.toContain('createdBy');
    await read('/tabs/affiliate?days=7');
    await read('/tabs/traffic?days=7');
    for (const text of answers) {
      for (const secret of [...visitorIds, ...addresses]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/visitorId|ipAddress/);
    }

    // A tab not chosen, a write, a made-up token.
    expect((await request('GET', `${base}/tabs/devices?days=7`, { headers: {} })).status).toBe(403);
    expect((await request('GET', `${base}/tabs/recent?days=7`, { headers: {} })).status).toBe(400);
    expect((await request('DELETE', base)).status).toBe(404);
    const unknown = await request('GET', `/api/shared/${'x'.repeat(43)}`, { headers: {} });
    expect(unknown.status).toBe(404);
  });

  it('refuses a password-protected link until its password is given, then reads with a cookie of that link', async () => {
    const link = await share({ name: 'Contabil', tabs: ['daily'], password: 'correct horse battery' });
    const base = `/api/shared/${link.token}`;
    expect(await (await request('GET', base, { headers: {} })).json()).toMatchObject({
      passwordRequired: true,
      unlocked: false,
    });
    const refused = await request('GET', `${base}/tabs/daily?days=7`, { headers: {} });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('password_required');
    expect((await request('GET', `${base}/overview`, { headers: {} })).status).toBe(401);

    const wrong = await request('POST', `${base}/unlock`, { body: { password: 'guess' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const crossSite = await request('POST', `${base}/unlock`, {
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { password: 'correct horse battery' },
    });
    expect(crossSite.status).toBe(403);

    const unlocked = await request('POST', `${base}/unlock`, { body: { password: 'correct horse battery' } });
    expect(unlocked.status).toBe(200);
    const cookie = unlocked.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`Path=/api/shared/${link.token}`));
    expect(cookie).toMatch(/HttpOnly/);
    const pair = cookie.split(';')[0] ?? '';
    expect((await request('GET', `${base}/tabs/daily?days=7`, { headers: { cookie: pair } })).status).toBe(
      200,
    );

    // The cookie opens no other link.
    const other = await share({ name: 'Alt', tabs: ['daily'], password: 'another password' });
    const elsewhere = await request('GET', `/api/shared/${other.token}/tabs/daily?days=7`, {
      headers: { cookie: pair },
    });
    expect(elsewhere.status).toBe(401);
  });

  it('answers 403 to an expired or a revoked link, in the error shape', async () => {
    const expiring = await share({
      name: 'Scurt',
      tabs: ['daily'],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await request('GET', `/api/shared/${expiring.token}`, { headers: {} })).status).toBe(200);
    clock = new Date(Date.now() + 2 * 3_600_000);
    try {
      const expired = await request('GET', `/api/shared/${expiring.token}/tabs/daily`, { headers: {} });
      expect(expired.status).toBe(403);
      expect(await expired.json()).toEqual({
        error: { code: 'shared_view_unavailable', message: 'This shared link has expired or was revoked' },
      });
    } finally {
      clock = new Date();
    }

    const revoking = await share({ name: 'Revocat', tabs: ['geo'] });
    expect((await request('GET', `/api/shared/${revoking.token}/tabs/geo`, { headers: {} })).status).toBe(
      200,
    );
    const revoked = await request('DELETE', `/api/admin/shared-views/${revoking.id}`, {
      session: ana.session,
    });
    expect(revoked.status).toBe(200);
    for (const path of ['', '/overview', '/tabs/geo'])
      expect((await request('GET', `/api/shared/${revoking.token}${path}`, { headers: {} })).status).toBe(
        403,
      );
    const list = (await (
      await request('GET', '/api/admin/shared-views', { session: ana.session })
    ).json()) as {
      sharedViews: { id: number; revokedAt: string | null; passwordProtected: boolean }[];
    };
    expect(list.sharedViews.find((v) => v.id === revoking.id)?.revokedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toMatch(/token|password_hash|scrypt/);
  });

  it('refuses bad input naming the field, and the admin routes without a session or from another origin', async () => {
    const refusal = async (body: unknown) => {
      const answer = await request('POST', '/api/admin/shared-views', { session: ana.session, body });
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { error: { message: string } }).error.message;
    };
    expect(await refusal({ name: 'x', tabs: ['recent'] })).toMatch(/^tabs/);
    expect(await refusal({ name: 'x', tabs: [] })).toMatch(/^tabs/);
    expect(await refusal({ name: '', tabs: ['daily'] })).toMatch(/^name/);
    expect(await refusal({ name: 'x', tabs: ['daily'], password: 'short' })).toMatch(/^password/);
    expect(await refusal({ name: 'x', tabs: ['daily'], expiresAt: '2020-01-01' })).toMatch(/^expiresAt/);
    expect((await request('GET', '/api/admin/shared-views')).status).toBe(401);
    const body = { name: 'x', tabs: ['daily'] };
    expect((await request('POST', '/api/admin/shared-views', { body })).status).toBe(401);
    const crossSite = await request('POST', '/api/admin/shared-views', {
      session: ana.session,
      headers: { 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(crossSite.status).toBe(403);
  });

  it('limits the requests of one client to the links (RATE_LIMIT_SHARED_VIEW_PER_MINUTE)', async () => {
    const link = await share({ name: 'Limită', tabs: ['geo'] });
    const statuses: number[] = [];
    for (let i = 0; i < 45; i += 1)
      statuses.push((await request('GET', `/api/shared/${link.token}`, { headers: {} })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40);
  });
});
