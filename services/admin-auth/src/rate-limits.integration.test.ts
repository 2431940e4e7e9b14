// Brute-force limits, counted in Redis: per username (failed logins), per client IP (all login
// attempts), and per IP on forgot-password. A refused request says 429 and when to come back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './admin-accounts';
import { freshIp, login, startAdminAuth, type AdminAuthFixture } from './test-support';

let f: AdminAuthFixture;

beforeAll(async () => {
  f = await startAdminAuth('admin_limits');
  for (const username of ['target', 'bystander', 'ipvictim']) {
    await createAdmin(f.testDb.db, { username, email: `${username}@example.test`, password: 'parola123' });
  }
});
afterAll(async () => {
  await f?.close();
});

const expectRateLimited = (res: Awaited<ReturnType<typeof login>>, maxSeconds: number) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    error: { code: 'rate_limited', message: 'Prea multe încercări. Încearcă din nou mai târziu.' },
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
};

describe('per username', () => {
  it('after 5 failed logins (from any addresses) the 6th attempt is refused, even with the right password', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(f.app, 'target', 'wrong-password1')).statusCode).toBe(401);
    expectRateLimited(await login(f.app, 'target', 'parola123'), 15 * 60);
    // The username in another case shares the budget.
    expectRateLimited(await login(f.app, 'TARGET', 'parola123'), 15 * 60);
    // Other admins are not affected.
    expect((await login(f.app, 'bystander', 'parola123')).statusCode).toBe(200);
  });

  it('unknown usernames are limited the same way (no hint that they do not exist)', async () => {
    for (let i = 0; i < 5; i++) expect((await login(f.app, 'ghost', 'whatever1')).statusCode).toBe(401);
    expectRateLimited(await login(f.app, 'ghost', 'whatever1'), 15 * 60);
  });

  it('a successful login clears the failures', async () => {
    for (let i = 0; i < 4; i++)
      expect((await login(f.app, 'bystander', 'wrong-password1')).statusCode).toBe(401);
    expect((await login(f.app, 'bystander', 'parola123')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(f.app, 'bystander', 'wrong-password1')).statusCode).toBe(401);
    expect((await login(f.app, 'bystander', 'parola123')).statusCode).toBe(200);
  });
});

describe('per IP', () => {
  it('20 attempts from one address, then 429 for that address only', async () => {
    const ip = '203.0.113.50';
    // Different usernames each time, so the per-username limit is never what stops them.
    for (let i = 0; i < 20; i++)
      expect((await login(f.app, `user${i}`, 'wrong-password1', ip)).statusCode).toBe(401);
    expectRateLimited(await login(f.app, 'ipvictim', 'parola123', ip), 15 * 60);
    expect((await login(f.app, 'ipvictim', 'parola123', '203.0.113.51')).statusCode).toBe(200);
  });

  it('the limit follows the client address the gateway forwards', async () => {
    const viaGateway = (n: number) =>
      f.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: `fwd${n}`, password: 'wrong-password1' },
        headers: { 'x-forwarded-for': '192.0.2.77' },
      });
    for (let i = 0; i < 20; i++) expect((await viaGateway(i)).statusCode).toBe(401);
    expect((await viaGateway(99)).statusCode).toBe(429);
  });

  it('forgot-password: 5 requests per address, then 429', async () => {
    const ip = '203.0.113.60';
    const forgot = (remoteAddress: string) =>
      f.app.inject({
        method: 'POST',
        url: '/api/admin/forgot-password',
        payload: { email: 'nobody@example.test' },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await forgot(ip)).statusCode).toBe(200);
    expectRateLimited(await forgot(ip), 15 * 60);
    expect((await forgot(freshIp())).statusCode).toBe(200);
  });
});

describe('the counters live in Redis under the configured prefix', () => {
  it('so a second instance sharing Redis sees the same counts', async () => {
    const other = f.buildAnotherApp();
    expectRateLimited(await login(other, 'target', 'parola123'), 15 * 60);
    await other.close();
    expect((await f.redis.keys(`${f.keyPrefix}admin-auth:login-username*`)).length).toBeGreaterThan(0);
  });
});

describe('without Redis (embedded mode, one process)', () => {
  it('the same limits hold, counted in memory', async () => {
    const app = f.buildAnotherApp({ redis: undefined });
    for (let i = 0; i < 5; i++)
      expect((await login(app, 'memory-user', 'wrong-password1')).statusCode).toBe(401);
    expectRateLimited(await login(app, 'memory-user', 'wrong-password1'), 15 * 60);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok' },
    });
    await app.close();
  });
});
