// Brute-force limits, counted in Redis: per (username, client network) (failed logins), per client IP and
// per client network (all login attempts), per username only a progressive delay that a browser with a
// device marker skips, and per IP on forgot-password. A refused request says 429 and when to come back.
import { describe, expect } from 'vitest';
import { createAdmin } from './admin-accounts';
import { freshIp, login, parseSetCookie, adminAuthTest, type AdminAuth } from './test-support';

const it = adminAuthTest();
let f: AdminAuth;

it.beforeAll(async ({ adminAuth }) => {
  f = adminAuth;
  for (const username of ['target', 'bystander', 'ipvictim', 'admin', 'admin6', 'delayed', 'ops6']) {
    await createAdmin(f.database.db, { username, email: `${username}@example.test`, password: 'parola123' });
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const expectRateLimited = (res: Awaited<ReturnType<typeof login>>, maxSeconds: number) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    error: { code: 'rate_limited', message: 'Prea multe încercări. Încearcă din nou mai târziu.' },
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
};

describe('per username and client network', () => {
  // freshIp() hands out addresses of one /24: these attempts all come from one network.
  it('after 5 failed logins (from addresses of one network) the 6th attempt is refused, even with the right password', async () => {
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

/** A login as a browser makes it: from `ip`, with the cookies it holds. */
const loginFrom = (username: string, password: string, ip: string, cookie?: string) =>
  f.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The device marker a successful login hands the browser, as the browser sends it back. */
function deviceMarkerOf(res: Awaited<ReturnType<typeof loginFrom>>): string {
  const header = res.headers['set-cookie'];
  const marker = (Array.isArray(header) ? header : [String(header)]).find((c) =>
    c.includes('bm_admin_device='),
  );
  if (!marker) throw new Error('no device marker');
  const { name, value, attributes } = parseSetCookie(marker);
  expect(attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/', secure: true });
  return `${name}=${value}`;
}

describe('operator lock-out', () => {
  it('5 wrong passwords for admin from network A: the right password from network B logs in, from A it is refused', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await loginFrom('admin', 'wrong-password1', `203.0.113.${i}`)).statusCode).toBe(401);
    expect((await loginFrom('admin', 'parola123', '192.0.2.200')).statusCode).toBe(200);
    expectRateLimited(await loginFrom('admin', 'parola123', '203.0.113.99'), 15 * 60);
  });

  it('over IPv6 the /64 is one network', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await loginFrom('admin6', 'wrong-password1', `2001:db8:aa:1::${i}`)).statusCode).toBe(401);
    expect((await loginFrom('admin6', 'parola123', '2001:db8:aa:2::1')).statusCode).toBe(200);
    expectRateLimited(await loginFrom('admin6', 'parola123', '2001:db8:aa:1::beef'), 15 * 60);
  });

  it('per username only a growing wait; a browser that logged in before (device marker) skips it', async () => {
    // The operator's browser, on an earlier day.
    const known = deviceMarkerOf(await loginFrom('delayed', 'parola123', '192.0.2.201'));
    // Somebody guesses from ten networks, one try each: no network reaches its hard limit.
    for (let n = 1; n <= 10; n++)
      expect((await loginFrom('delayed', 'wrong-password1', `10.${n}.0.1`)).statusCode).toBe(401);
    // The 10th failure starts a 1 s wait for every browser without a marker...
    expectRateLimited(await loginFrom('delayed', 'parola123', '192.0.2.202'), 1);
    // ...while the known browser logs in at once, from anywhere.
    expect((await loginFrom('delayed', 'parola123', '198.18.0.1', known)).statusCode).toBe(200);

    // The guessing goes on after each wait, and the waits grow: 2 s, then 4 s.
    await sleep(1100);
    expect((await loginFrom('delayed', 'wrong-password1', '10.11.0.1')).statusCode).toBe(401);
    const second = await loginFrom('delayed', 'parola123', '192.0.2.203');
    expectRateLimited(second, 2);
    expect(Number(second.headers['retry-after'])).toBe(2);
    await sleep(2100);
    expect((await loginFrom('delayed', 'wrong-password1', '10.12.0.1')).statusCode).toBe(401);
    const third = await loginFrom('delayed', 'parola123', '192.0.2.204');
    expectRateLimited(third, 4);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(2);
    expect((await loginFrom('delayed', 'parola123', '198.18.0.2', known)).statusCode).toBe(200);
  });

  it('the wait is capped: never a lock-out, only a pause of at most maxSeconds', async ({ closeAfter }) => {
    const app = closeAfter(
      f.buildAnotherApp({
        rateLimits: { loginUsernameDelay: { afterFailures: 1, maxSeconds: 2, windowSeconds: 900 } },
      }),
    );
    await createAdmin(f.database.db, {
      username: 'capped',
      email: 'capped@example.test',
      password: 'parola123',
    });
    const attempt = (password: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'capped', password },
        remoteAddress: `10.${n}.2.1`,
      });
    for (let n = 1; n <= 4; n++) {
      expect((await attempt('wrong-password1', n)).statusCode).toBe(401);
      const refused = await attempt('parola123', 100 + n);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
      await sleep(Number(refused.headers['retry-after']) * 1000 + 100);
    }
    expect((await attempt('parola123', 200)).statusCode).toBe(200);
  });

  it('a marker counts only for the username it was issued for, and only untampered', async () => {
    const own = deviceMarkerOf(await loginFrom('ops6', 'parola123', '192.0.2.210'));
    const others = deviceMarkerOf(await loginFrom('bystander', 'parola123', '192.0.2.211'));
    for (let n = 1; n <= 10; n++)
      expect((await loginFrom('ops6', 'wrong-password1', `10.${n}.1.1`)).statusCode).toBe(401);
    expectRateLimited(await loginFrom('ops6', 'parola123', '192.0.2.212', others), 1);
    const [name, value = ''] = own.split('=');
    const tampered = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    expectRateLimited(await loginFrom('ops6', 'parola123', '192.0.2.213', tampered), 1);
    expect((await loginFrom('ops6', 'parola123', '192.0.2.214', own)).statusCode).toBe(200);
  });

  it('the signing key: generated once in Postgres and shared by instances when DEVICE_COOKIE_SECRET is unset', async () => {
    await createAdmin(f.database.db, {
      username: 'keyed',
      email: 'keyed@example.test',
      password: 'parola123',
    });
    const marker = deviceMarkerOf(await loginFrom('keyed', 'parola123', '192.0.2.220'));
    expect(await f.database.db.selectFrom('service_secrets').select('name').execute()).toEqual([
      { name: 'admin-auth:device-cookie' },
    ]);
    // Another instance (or the same after a restart), and one configured with a secret of its own.
    const sharing = f.buildAnotherApp();
    const ownSecret = f.buildAnotherApp({ deviceCookieSecret: 'x'.repeat(40) });
    await Promise.all([sharing.ready(), ownSecret.ready()]);
    for (let n = 1; n <= 10; n++)
      expect((await loginFrom('keyed', 'wrong-password1', `10.${n}.3.1`)).statusCode).toBe(401);
    // Within the 1 s wait the 10th failure started:
    const [shared, foreign] = await Promise.all(
      [sharing, ownSecret].map((app) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'keyed', password: 'parola123' },
          remoteAddress: '198.18.20.1',
          headers: { cookie: marker },
        }),
      ),
    );
    await Promise.all([sharing.close(), ownSecret.close()]);
    expect(shared!.statusCode).toBe(200);
    expect(foreign!.statusCode).toBe(429);
  });

  it('per client network overall: many addresses of one /24 share one budget of attempts', async ({
    closeAfter,
  }) => {
    const app = closeAfter(
      f.buildAnotherApp({ rateLimits: { loginPerNetwork: { points: 6, durationSeconds: 900 } } }),
    );
    for (let i = 1; i <= 6; i++)
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/admin/login',
            payload: { username: `spray${i}`, password: 'wrong-password1' },
            remoteAddress: `203.0.114.${i}`,
          })
        ).statusCode,
      ).toBe(401);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'ipvictim', password: 'parola123' },
      remoteAddress: '203.0.114.77',
    });
    expectRateLimited(refused, 15 * 60);
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
  it('the same limits hold, counted in memory', async ({ closeAfter }) => {
    const app = closeAfter(f.buildAnotherApp({ redis: undefined }));
    for (let i = 0; i < 5; i++)
      expect((await login(app, 'memory-user', 'wrong-password1')).statusCode).toBe(401);
    expectRateLimited(await login(app, 'memory-user', 'wrong-password1'), 15 * 60);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok' },
    });
  });
});
