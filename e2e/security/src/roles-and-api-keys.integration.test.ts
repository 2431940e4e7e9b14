// Roles and read-only API keys, through the real gateway in front of the real services: a viewer reads but
// every state-changing admin route answers it 403; an API key reads the dashboard's figures and CSVs and
// never passes a write; a revoked key is refused at once; the last active admin cannot be demoted. The
// state-changing admin routes are listed from the route contracts the gateway's table is built from: each
// write route that refuses a caller without a session (401) is an admin route.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '@bodymetrics/contracts';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { isOwnSignIn, listAdminWrites, sampleUrlOf as urlOf } from '@bodymetrics/testing';
import { get, send } from './requests';
import { adminPassword, createOperator, startSystem, type System } from './system';

let system: System;
let adminCookie: Record<string, string>;
let viewerCookie: Record<string, string>;
let adminId: number;
let viewerId: number;

/** A session as a login makes it (the login itself has its own tests). */
async function sessionOf(id: number): Promise<Record<string, string>> {
  const sessionId = randomBytes(32).toString('base64url');
  await system.db
    .insertInto('admin_sessions')
    .values({ session_id: sessionId, admin_id: id, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { cookie: `${adminSessionCookie}=${sessionId}` };
}

/** Every state-changing route behind the admin session, found by asking each without one. */
let adminWrites: RouteContract[];

beforeAll(async () => {
  system = await startSystem({ label: 'roles_api_keys', apiKeyPerMinute: 5 });
  adminId = (await createOperator(system.db, 'chief')).id;
  viewerId = (await createOperator(system.db, 'watcher')).id;
  await system.db.updateTable('admin_users').set({ role: 'viewer' }).where('id', '=', viewerId).execute();
  adminCookie = await sessionOf(adminId);
  viewerCookie = await sessionOf(viewerId);
  adminWrites = await listAdminWrites(
    async (method, url) => (await send(system.gateway, method, url, {})).statusCode,
  );
});

afterAll(async () => {
  await system?.close();
});

async function createKey(name: string): Promise<{ id: number; key: string; prefix: string }> {
  const res = await send(system.gateway, 'POST', '/api/admin/api-keys', { name }, { headers: adminCookie });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; key: string; prefix: string };
}
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

describe('roles', () => {
  it('the admin writes found are every kind the dashboard changes', () => {
    const found = adminWrites.map((r) => `${r.method} ${r.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/analytics/reset-all-data',
        'POST /api/admin/offers',
        'PATCH /api/admin/offers/:id',
        'PUT /api/admin/offer-segments/:bmiCategory/:goal',
        'POST /api/admin/alerts/:id/acknowledge',
        'POST /api/admin/alerts/test',
        'POST /api/admin/admins',
        'PATCH /api/admin/admins/:id',
        'POST /api/admin/api-keys',
        'DELETE /api/admin/api-keys/:id',
      ]),
    );
  });

  it('a viewer gets 403 in the error shape on every state-changing admin route', async () => {
    const answers: string[] = [];
    for (const route of adminWrites.filter((r) => !isOwnSignIn(r))) {
      const res = await send(
        system.gateway,
        route.method as 'POST',
        urlOf(route),
        {},
        { headers: viewerCookie },
      );
      if (res.statusCode !== 403) answers.push(`${route.method} ${route.path}: ${res.statusCode}`);
      else expect((res.json() as { error: { code: string } }).error.code).toBe('forbidden');
    }
    expect(answers).toEqual([]);
  });

  it('a viewer reads the figures, a CSV and the accounts, and the session says its role', async () => {
    for (const url of [
      '/api/analytics/overview?days=30',
      '/api/analytics/export/daily-stats.csv',
      '/api/admin/admins',
    ])
      expect((await get(system.gateway, url, { headers: viewerCookie })).statusCode, url).toBe(200);
    const session = await send(
      system.gateway,
      'POST',
      '/api/admin/validate-session',
      {},
      { headers: viewerCookie },
    );
    expect(session.json()).toMatchObject({ valid: true, username: 'watcher', role: 'viewer' });
  });

  it('an admin creates a viewer, changes roles, and cannot demote or disable the last active admin (409)', async () => {
    const created = await send(
      system.gateway,
      'POST',
      '/api/admin/admins',
      { username: 'reader', email: 'reader@bodymetrics.test', password: adminPassword, role: 'viewer' },
      { headers: adminCookie },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'reader', role: 'viewer', isActive: true });
    const bad = await send(
      system.gateway,
      'POST',
      '/api/admin/admins',
      { username: 'x', email: 'x@bodymetrics.test', password: adminPassword, role: 'owner' },
      { headers: adminCookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role');

    for (const change of [{ role: 'viewer' }, { isActive: false }]) {
      const res = await send(system.gateway, 'PATCH', `/api/admin/admins/${adminId}`, change, {
        headers: adminCookie,
      });
      expect(res.statusCode).toBe(409);
      expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'last_active_admin',
        message: expect.stringContaining('last active admin'),
      });
    }
    const promoted = await send(
      system.gateway,
      'PATCH',
      `/api/admin/admins/${viewerId}`,
      { role: 'admin' },
      {
        headers: adminCookie,
      },
    );
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    // With a second admin the first may step down; the viewer's session now changes what it may.
    const demoted = await send(
      system.gateway,
      'PATCH',
      `/api/admin/admins/${viewerId}`,
      { role: 'viewer' },
      {
        headers: adminCookie,
      },
    );
    expect(demoted.json()).toMatchObject({ role: 'viewer' });
  });
});

describe('read-only API keys', () => {
  it('a key reads the overview over any period, compared, and a CSV; the list shows no key material', async () => {
    const { key, prefix } = await createKey('Looker Studio');
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    const overview = await get(
      system.gateway,
      '/api/analytics/overview?days=30&compare=previous',
      bearer(key),
    );
    expect(overview.statusCode).toBe(200);
    const csv = await get(system.gateway, '/api/analytics/export/daily-stats.csv?days=7', bearer(key));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect((await get(system.gateway, '/api/journey/funnel-stats?days=7', bearer(key))).statusCode).toBe(200);

    const list = await get(system.gateway, '/api/admin/api-keys', { headers: adminCookie });
    const listed = (list.json() as { keys: Record<string, unknown>[] }).keys.find((k) => k.prefix === prefix);
    expect(listed).toMatchObject({ name: 'Looker Studio', revokedAt: null, lastUsedAt: expect.any(String) });
    expect(list.body).not.toContain(key.slice(prefix.length + 1));
    const stored = await system.db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).execute();
    expect(JSON.stringify(stored)).not.toContain(key.slice(prefix.length + 1));
  });

  it('a key never passes a write: every state-changing route answers 401 or 403', async () => {
    const { key } = await createKey('writer attempt');
    const passed: string[] = [];
    for (const route of adminWrites) {
      const res = await send(system.gateway, route.method as 'POST', urlOf(route), {}, bearer(key));
      if (![401, 403].includes(res.statusCode))
        passed.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(passed).toEqual([]);
    // A key reads the analytics only: not the accounts, not the keys.
    expect((await get(system.gateway, '/api/admin/api-keys', bearer(key))).statusCode).toBe(403);
    expect((await get(system.gateway, '/api/admin/admins', bearer(key))).statusCode).toBe(403);
  });

  it('a revoked key gets 401 at once', async () => {
    const { id, key } = await createKey('revoked soon');
    expect((await get(system.gateway, '/api/analytics/overview', bearer(key))).statusCode).toBe(200);
    const revoke = await send(system.gateway, 'DELETE', `/api/admin/api-keys/${id}`, undefined, {
      headers: adminCookie,
    });
    expect(revoke.statusCode).toBe(200);
    const after = await get(system.gateway, '/api/analytics/overview', bearer(key));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      error: { code: 'unauthorized', message: 'A valid admin session is required' },
    });
  });

  it('each key has its own budget per minute (429 with Retry-After past it)', async () => {
    const { key } = await createKey('busy script');
    const other = await createKey('quiet script');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await get(system.gateway, '/api/journey/today-summary', bearer(key))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await get(system.gateway, '/api/journey/today-summary', bearer(key));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(system.gateway, '/api/journey/today-summary', bearer(other.key))).statusCode).toBe(200);
  });
});
