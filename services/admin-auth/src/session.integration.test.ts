// Login, session check and logout as the admin screen uses them, against real Postgres and Redis.
import { describe, expect } from 'vitest';
import { createAdmin, setAdminActive } from './admin-accounts';
import { login, parseSetCookie, adminAuthTest, validateSession, type AdminAuth } from './test-support';

const it = adminAuthTest();
let f: AdminAuth;

it.beforeAll(async ({ adminAuth }) => {
  f = adminAuth;
  await createAdmin(f.database.db, {
    username: 'operator',
    email: 'operator@example.test',
    password: 'parola123',
  });
  await createAdmin(f.database.db, {
    username: 'former',
    email: 'former@example.test',
    password: 'parola123',
  });
});

const sessionRow = (sessionId: string) =>
  f.database.db
    .selectFrom('admin_sessions')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();

describe('login', () => {
  it('with the right password: session id, username and an HttpOnly, SameSite=Strict, Secure cookie', async () => {
    const res = await login(f.app, 'operator', 'parola123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      username: 'operator',
    });

    const cookie = parseSetCookie(res.headers['set-cookie']);
    // The fixture's site is https: the `__Host-` name.
    expect(cookie.name).toBe('__Host-bm_admin_session');
    expect(cookie.value).toBe(body.sessionId);
    expect(cookie.attributes).toEqual({
      'max-age': String(12 * 3600),
      path: '/',
      httponly: true,
      samesite: 'Strict',
      secure: true,
    });

    const row = await sessionRow(body.sessionId);
    const hoursLeft = (row!.expires_at.getTime() - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);
  });

  it('without Secure when cookieSecure is off, and with the configured lifetime', async () => {
    const app = f.buildAnotherApp({ cookieSecure: false, sessionTtlHours: 2 });
    const res = await login(app, 'operator', 'parola123');
    await app.close();
    expect(parseSetCookie(res.headers['set-cookie']).name).toBe('bm_admin_session');
    expect(parseSetCookie(res.headers['set-cookie']).attributes).toEqual({
      'max-age': '7200',
      path: '/',
      httponly: true,
      samesite: 'Strict',
    });
  });

  it.each([
    ['a wrong password', 'operator', 'parola124'],
    ['an unknown username', 'nobody', 'parola123'],
    ['the username in another case', 'OPERATOR', 'parola123'],
  ])('with %s: 401 invalid_credentials, no cookie', async (_case, username, password) => {
    const res = await login(f.app, username, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid username or password' },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{ username: '', password: 'x' }, 'username'],
    [{ username: 'operator', password: '' }, 'password'],
    [{ username: 'operator' }, 'password'],
    [{ username: 'x'.repeat(65), password: 'parola123' }, 'username'],
    [{ username: 'operator', password: 'x'.repeat(257) }, 'password'],
  ])('refuses %j naming %s', async (payload, field) => {
    const res = await f.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('validate-session', () => {
  it('a fresh session is valid and names its admin; the cookie alone works too', async () => {
    const { sessionId } = (await login(f.app, 'operator', 'parola123')).json();
    expect((await validateSession(f.app, sessionId)).json()).toEqual({
      valid: true,
      username: 'operator',
      role: 'admin',
    });
    const byCookie = await f.app.inject({
      method: 'POST',
      url: '/api/admin/validate-session',
      headers: { cookie: `bm_admin_session=${sessionId}` },
    });
    expect(byCookie.json()).toEqual({ valid: true, username: 'operator', role: 'admin' });
  });

  it('an expired session is not valid', async () => {
    const { sessionId } = (await login(f.app, 'operator', 'parola123')).json();
    await f.database.db
      .updateTable('admin_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('session_id', '=', sessionId)
      .execute();
    expect((await validateSession(f.app, sessionId)).json()).toEqual({ valid: false });
  });

  it('an unknown or missing session id is not valid', async () => {
    expect((await validateSession(f.app, 'made-up')).json()).toEqual({ valid: false });
    expect(
      (await f.app.inject({ method: 'POST', url: '/api/admin/validate-session', payload: {} })).json(),
    ).toEqual({ valid: false });
    expect((await f.app.inject({ method: 'POST', url: '/api/admin/validate-session' })).json()).toEqual({
      valid: false,
    });
  });
});

describe('an inactive admin', () => {
  it('is refused at login with the same answer as a wrong password, and its open session stops being valid', async () => {
    const { sessionId } = (await login(f.app, 'former', 'parola123')).json();
    expect((await validateSession(f.app, sessionId)).json()).toEqual({
      valid: true,
      username: 'former',
      role: 'admin',
    });

    // Marked inactive directly (as an operator editing the table would), the session row still there.
    await f.database.db
      .updateTable('admin_users')
      .set({ is_active: false })
      .where('username', '=', 'former')
      .execute();
    expect(await sessionRow(sessionId)).toBeDefined();
    expect((await validateSession(f.app, sessionId)).json()).toEqual({ valid: false });

    const res = await login(f.app, 'former', 'parola123');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid username or password' },
    });

    await setAdminActive(f.database.db, { username: 'former', active: true });
    expect((await login(f.app, 'former', 'parola123')).statusCode).toBe(200);
  });
});

describe('the cookie name on an https site (__Host- prefix)', () => {
  it('is __Host-bm_admin_session with Secure, Path=/ and no Domain, and is read back by name', async () => {
    const res = await login(f.app, 'operator', 'parola123');
    const { sessionId } = res.json<{ sessionId: string }>();
    const cookie = parseSetCookie(res.headers['set-cookie']);
    expect(cookie.name).toBe('__Host-bm_admin_session');
    expect(cookie.attributes).toMatchObject({ secure: true, path: '/' });
    expect(cookie.attributes).not.toHaveProperty('domain');

    // A browser sends it back under that name: the session is recognised and logout clears that name.
    const viaCookie = { cookie: `__Host-bm_admin_session=${sessionId}` };
    expect(
      (
        await f.app.inject({
          method: 'POST',
          url: '/api/admin/validate-session',
          payload: {},
          headers: viaCookie,
        })
      ).json(),
    ).toEqual({ valid: true, username: 'operator', role: 'admin' });
    const out = await f.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      payload: {},
      headers: viaCookie,
    });
    expect(parseSetCookie(out.headers['set-cookie'])).toMatchObject({
      name: '__Host-bm_admin_session',
      value: '',
    });
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('the plain name is still read (a browser that logged in before the switch, or an http site)', async () => {
    const { sessionId } = (await login(f.app, 'operator', 'parola123')).json<{ sessionId: string }>();
    const res = await f.app.inject({
      method: 'POST',
      url: '/api/admin/validate-session',
      payload: {},
      headers: { cookie: `bm_admin_session=${sessionId}` },
    });
    expect(res.json()).toEqual({ valid: true, username: 'operator', role: 'admin' });
  });
});

describe('logout', () => {
  it('deletes the session named in the body and clears the cookie', async () => {
    const { sessionId } = (await login(f.app, 'operator', 'parola123')).json();
    const res = await f.app.inject({ method: 'POST', url: '/api/admin/logout', payload: { sessionId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cookie = parseSetCookie(res.headers['set-cookie']);
    expect(cookie).toMatchObject({
      name: '__Host-bm_admin_session',
      value: '',
      attributes: { 'max-age': '0', path: '/', httponly: true, samesite: 'Strict' },
    });
    expect(await sessionRow(sessionId)).toBeUndefined();
    expect((await validateSession(f.app, sessionId)).json()).toEqual({ valid: false });
  });

  it('deletes the session carried by the cookie when the body names none', async () => {
    const { sessionId } = (await login(f.app, 'operator', 'parola123')).json();
    const res = await f.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: `bm_admin_session=${sessionId}` },
    });
    expect(res.json()).toEqual({ success: true });
    expect(await sessionRow(sessionId)).toBeUndefined();
  });

  it('answers success even without a session (the screen clears its copy anyway)', async () => {
    const res = await f.app.inject({ method: 'POST', url: '/api/admin/logout', payload: {} });
    expect(res.json()).toEqual({ success: true });
  });
});
