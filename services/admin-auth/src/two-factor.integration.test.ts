// The second factor against the real service, Postgres and Redis: enrolment (secret, QR, confirm with a
// code, recovery codes once), the sign-in's second step (a TOTP code once, a recovery code once, wrong and
// replayed codes counted against the limit), removal with a code, and ADMIN_2FA_REQUIRED — where a password
// alone never yields a session that the admin guard of analytics (service-kit's requireAdminSession, on a
// real app and the same database) accepts.
import { describe, expect } from 'vitest';
import { generate } from 'otplib';
import { analyticsPaths, adminAuthPaths, type TwoFactorEnrolment } from '@bodymetrics/contracts';
import { createServiceApp, requireAdminSession } from '@bodymetrics/service-kit';
import { createAdmin } from './admin-accounts';
import { parseAdminCommand, runAdminCommand } from './admin-command';
import { adminAuthTest, freshIp, login, type AdminAuth } from './test-support';

const it = adminAuthTest({
  rateLimits: { secondFactorFailuresPerAccount: { points: 3, durationSeconds: 15 * 60 } },
});
let f: AdminAuth;
let required: AdminAuth['app'];
let analytics: ReturnType<typeof createServiceApp>;
const password = 'parola123';

it.beforeAll(({ adminAuth }) => {
  f = adminAuth;
  required = f.buildAnotherApp({ twoFactorRequired: true });
  // The guard every analytics route sits behind, in front of the overview's path.
  analytics = createServiceApp({ name: 'analytics-guard' });
  analytics.get(analyticsPaths.overview, { onRequest: requireAdminSession(f.database.db) }, () => ({
    period: {},
  }));
  return async () => {
    await required.close();
    await analytics.close();
  };
});

type App = AdminAuth['app'];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (app: App, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
/** The code of the step `steps` after now: each sign-in in a test uses a step not used before. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const canReadAnalytics = async (token: string) =>
  (await analytics.inject({ method: 'GET', url: analyticsPaths.overview, headers: bearer(token) }))
    .statusCode === 200;

async function newAdmin(username: string) {
  await createAdmin(f.database.db, { username, email: `${username}@example.test`, password });
}

/** A signed-in admin who enrolled a factor: its secret and recovery codes. */
async function enrolledAdmin(username: string) {
  await newAdmin(username);
  const { sessionId } = (await login(f.app, username, password)).json<{ sessionId: string }>();
  const started = await post(f.app, adminAuthPaths.twoFactorStart, {}, bearer(sessionId));
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUri, qrCodeDataUrl } = started.json<TwoFactorEnrolment>();
  expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/BodyMetrics:${username}\\?.*secret=${secret}`));
  expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]{200,}/);
  const confirmed = await post(
    f.app,
    adminAuthPaths.twoFactorConfirm,
    { code: await codeAt(secret) },
    bearer(sessionId),
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { secret, recoveryCodes, sessionId };
}

/** The password step, expecting the second factor: its pending token. */
async function passwordStep(app: App, username: string, next: 'code' | 'enrol' = 'code') {
  const res = await login(app, username, password);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ success: boolean; secondFactor: string; pendingToken: string }>();
  expect(body).toMatchObject({ success: false, secondFactor: next });
  expect(res.headers['set-cookie']).toBeUndefined();
  return body.pendingToken;
}

const secondStep = (pendingToken: string, code: string) =>
  post(f.app, adminAuthPaths.secondFactor, { pendingToken, code });

describe('enrolment', () => {
  it('confirms with a code, shows ten recovery codes once, and reports the factor', async () => {
    const { recoveryCodes, sessionId } = await enrolledAdmin('enrols');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const status = await post(f.app, adminAuthPaths.twoFactorStatus, {}, bearer(sessionId));
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // Only hashes are stored.
    const stored = await f.database.db.selectFrom('admin_recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // A second enrolment is refused while the factor is active.
    const again = await post(f.app, adminAuthPaths.twoFactorStart, {}, bearer(sessionId));
    expect(again.statusCode).toBe(409);
  });

  it('refuses enrolment without a session, and a wrong confirmation code (400 naming the field for junk)', async () => {
    expect((await post(f.app, adminAuthPaths.twoFactorStart, {})).statusCode).toBe(401);
    await newAdmin('mistypes');
    const { sessionId } = (await login(f.app, 'mistypes', password)).json<{ sessionId: string }>();
    await post(f.app, adminAuthPaths.twoFactorStart, {}, bearer(sessionId));
    const junk = await post(f.app, adminAuthPaths.twoFactorConfirm, { code: 'abc' }, bearer(sessionId));
    expect(junk.statusCode).toBe(400);
    expect(junk.body).toContain('code');
    const wrong = await post(f.app, adminAuthPaths.twoFactorConfirm, { code: '000000' }, bearer(sessionId));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_code');
    const status = await post(f.app, adminAuthPaths.twoFactorStatus, {}, bearer(sessionId));
    expect(status.json().enabled).toBe(false);
  });
});

describe('the sign-in’s second step', () => {
  it('a TOTP code yields the session once; the same code again is refused', async () => {
    const { secret } = await enrolledAdmin('totp');
    const code = await codeAt(secret, 1);
    const first = await secondStep(await passwordStep(f.app, 'totp'), code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, username: 'totp' });
    expect(String(first.headers['set-cookie'])).toContain('bm_admin_session=');
    expect(await canReadAnalytics(first.json().sessionId)).toBe(true);
    // The pending token was spent, and the code cannot be used again with a fresh one.
    const replayed = await secondStep(await passwordStep(f.app, 'totp'), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('invalid_code');
  });

  it('wrong and replayed codes count against the per-account limit: then even the right code waits', async () => {
    const { secret } = await enrolledAdmin('guessed');
    const pending = await passwordStep(f.app, 'guessed');
    const used = await codeAt(secret, 1);
    expect((await secondStep(pending, used)).statusCode).toBe(200);
    const next = await passwordStep(f.app, 'guessed');
    expect((await secondStep(next, '123456')).statusCode).toBe(401);
    expect((await secondStep(next, used)).statusCode).toBe(401); // replayed
    expect((await secondStep(next, 'AAAA-BBBB-CCCC-DDDD')).statusCode).toBe(401);
    const limited = await secondStep(next, await codeAt(secret, -1));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a recovery code works once (typed in any case), and the count of those left drops', async () => {
    const { recoveryCodes } = await enrolledAdmin('recovers');
    const code = recoveryCodes[3] ?? '';
    const first = await secondStep(await passwordStep(f.app, 'recovers'), code.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    const again = await secondStep(await passwordStep(f.app, 'recovers'), code);
    expect(again.statusCode).toBe(401);
    const status = await post(f.app, adminAuthPaths.twoFactorStatus, {}, bearer(first.json().sessionId));
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('the pending token is no session, and a made-up one is refused', async () => {
    await enrolledAdmin('pending');
    const pending = await passwordStep(f.app, 'pending');
    expect(await canReadAnalytics(pending)).toBe(false);
    const made = await secondStep('x'.repeat(43), '123456');
    expect(made.statusCode).toBe(401);
    expect(made.json().error.code).toBe('sign_in_expired');
  });
});

describe('removal', () => {
  it('needs a current code; afterwards the password alone signs in again', async () => {
    const { secret, sessionId } = await enrolledAdmin('removes');
    const wrong = await post(f.app, adminAuthPaths.twoFactorDisable, { code: '000000' }, bearer(sessionId));
    expect(wrong.statusCode).toBe(401);
    const res = await post(
      f.app,
      adminAuthPaths.twoFactorDisable,
      { code: await codeAt(secret, 1) },
      bearer(sessionId),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(f.app, 'removes', password)).json()).toMatchObject({ success: true });
  });
});

describe('ADMIN_2FA_REQUIRED', () => {
  it('a password alone yields only an enrolment token, which analytics refuses; enrolling with it signs in', async () => {
    await newAdmin('obliged');
    const token = await passwordStep(required, 'obliged', 'enrol');
    expect(await canReadAnalytics(token)).toBe(false);
    // The token is no code token either, and no session at validate-session.
    expect(
      (await post(required, adminAuthPaths.secondFactor, { pendingToken: token, code: '123456' })).statusCode,
    ).toBe(401);
    const valid = await post(required, adminAuthPaths.validateSession, { sessionId: token });
    expect(valid.json()).toEqual({ valid: false });
    // Nothing in admin_sessions for the admin yet.
    const sessions = await f.database.db
      .selectFrom('admin_sessions as s')
      .innerJoin('admin_users as u', 'u.id', 's.admin_id')
      .select('s.session_id')
      .where('u.username', '=', 'obliged')
      .execute();
    expect(sessions).toEqual([]);

    const status = await post(required, adminAuthPaths.twoFactorStatus, { pendingToken: token });
    expect(status.json()).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    const { secret } = (await post(required, adminAuthPaths.twoFactorStart, { pendingToken: token })).json<{
      secret: string;
    }>();
    const confirmed = await post(required, adminAuthPaths.twoFactorConfirm, {
      pendingToken: token,
      code: await codeAt(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { session, recoveryCodes } = confirmed.json<{
      session: { sessionId: string };
      recoveryCodes: string[];
    }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(await canReadAnalytics(session.sessionId)).toBe(true);
    // The enrolment token is spent; the factor cannot be removed while it is required.
    expect((await post(required, adminAuthPaths.twoFactorStart, { pendingToken: token })).statusCode).toBe(
      401,
    );
    const removal = await post(
      required,
      adminAuthPaths.twoFactorDisable,
      { code: await codeAt(secret, 1) },
      bearer(session.sessionId),
    );
    expect(removal.statusCode).toBe(409);
    // From now on the password step asks for the code.
    await passwordStep(required, 'obliged', 'code');
  });
});

describe('the admin command', () => {
  it('remove-2fa removes a lost factor: the password alone signs in again', async () => {
    await enrolledAdmin('lost');
    await passwordStep(f.app, 'lost');
    const cmd = await parseAdminCommand(['remove-2fa', '--username', 'lost']);
    expect(cmd).toMatchObject({ command: 'remove-2fa', username: 'lost', password: undefined });
    if ('help' in cmd) throw new Error('parsed as help');
    expect(await runAdminCommand(f.database.db, cmd)).toMatch(/^Second factor of "lost" removed/);
    expect((await login(f.app, 'lost', password)).json()).toMatchObject({ success: true });
    expect(await runAdminCommand(f.database.db, cmd)).toMatch(/has no second factor/);
    await expect(runAdminCommand(f.database.db, { ...cmd, username: 'nobody-here' })).rejects.toThrow(
      'No admin named "nobody-here"',
    );
  });
});
