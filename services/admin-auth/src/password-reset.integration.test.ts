// Forgotten password: the mail in a real SMTP sink, its link used once, the rule on the new password,
// and the same answer for accounts that do not exist.
import { beforeEach, describe, expect } from 'vitest';
import type { SmtpSink } from '@bodymetrics/testing';
import { createAdmin, setAdminActive } from './admin-accounts';
import { forgotPasswordAnswer } from './routes/password-reset';
import { weakPasswordMessages } from './password-policy';
import { defaultRateLimits } from './rate-limits';
import { sha256Hex } from './secrets';
import {
  freshIp,
  login,
  publicBaseUrl,
  adminAuthTest,
  validateSession,
  type AdminAuth,
} from './test-support';

// Many links for one account here; the per-account mail limit has its own test below.
const it = adminAuthTest({
  rateLimits: { ...defaultRateLimits, resetMailsPerAccount: { points: 100, durationSeconds: 3600 } },
});
let f: AdminAuth;

it.beforeAll(async ({ adminAuth }) => {
  f = adminAuth;
  await createAdmin(f.database.db, {
    username: 'operator',
    email: 'Operator@Example.test',
    password: 'parola123',
  });
  await createAdmin(f.database.db, {
    username: 'second',
    email: 'second@example.test',
    password: 'parola123',
  });
  await createAdmin(f.database.db, {
    username: 'retired',
    email: 'retired@example.test',
    password: 'parola123',
  });
  await setAdminActive(f.database.db, { username: 'retired', active: false });
  await createAdmin(f.database.db, {
    username: 'flooded',
    email: 'flooded@example.test',
    password: 'parola123',
  });
});
beforeEach(() => {
  f.smtp.messages.length = 0;
});

const forgot = (payload: object, app = f.app) =>
  app.inject({ method: 'POST', url: '/api/admin/forgot-password', payload, remoteAddress: freshIp() });
const reset = (token: string, password: string) =>
  f.app.inject({ method: 'POST', url: '/api/admin/reset-password', payload: { token, password } });

type ParsedMail = Awaited<ReturnType<SmtpSink['waitFor']>>;

const linkIn = (mail: ParsedMail): URL => {
  const match = /https?:\/\/\S+\/admin\/reset-password\?token=\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[0]);
};
const mailTo = (address: string) =>
  f.smtp.waitFor(
    (m) => m.to !== undefined && JSON.stringify(m.to).toLowerCase().includes(address.toLowerCase()),
  );

/** Asks for a link for `who` and returns the token from the mail that arrives. */
async function tokenFor(who: object, address: string): Promise<string> {
  expect((await forgot(who)).statusCode).toBe(200);
  return linkIn(await mailTo(address)).searchParams.get('token')!;
}

describe('forgot-password', () => {
  it('for an existing account: a Romanian mail with a link that resets the password', async () => {
    const res = await forgot({ email: 'operator@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: forgotPasswordAnswer });

    const mail = await mailTo('operator@example.test');
    expect(mail.subject).toBe('Resetare parolă BodyMetrics');
    expect(mail.text).toContain('Am primit o cerere de resetare a parolei');
    expect(mail.text).toContain('30 de minute');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${publicBaseUrl}/admin/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&amp;'));

    // Stored only as its hash, valid for 30 minutes.
    const row = await f.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('Operator@Example.test');
    const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(
      await f.database.db
        .selectFrom('password_resets')
        .select('id')
        .where('token', '=', token)
        .executeTakeFirst(),
    ).toBeUndefined();

    const { sessionId } = (await login(f.app, 'operator', 'parola123')).json();
    expect((await reset(token, 'parolaNoua7')).json()).toEqual({ success: true });
    expect((await login(f.app, 'operator', 'parolaNoua7')).statusCode).toBe(200);
    expect((await login(f.app, 'operator', 'parola123')).statusCode).toBe(401);
    // Sessions opened with the old password are over.
    expect((await validateSession(f.app, sessionId)).json()).toEqual({ valid: false });
  });

  it('the account can be named by username too', async () => {
    const token = await tokenFor({ username: 'second' }, 'second@example.test');
    expect((await reset(token, 'altaParola8')).statusCode).toBe(200);
    expect((await login(f.app, 'second', 'altaParola8')).statusCode).toBe(200);
  });

  it('for an unknown account: the same answer, no mail and no token', async () => {
    // Its own app, closed before looking: closing waits for any mail the request may have started.
    const app = f.buildAnotherApp();
    const res = await forgot({ email: 'stranger@example.test' }, app);
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: forgotPasswordAnswer });
    expect(f.smtp.messages).toHaveLength(0);
    expect(
      await f.database.db
        .selectFrom('password_resets')
        .select('id')
        .where('email', '=', 'stranger@example.test')
        .execute(),
    ).toEqual([]);
  });

  it('for an inactive account: the same answer and no mail', async () => {
    const app = f.buildAnotherApp();
    const res = await forgot({ email: 'retired@example.test' }, app);
    await app.close();
    expect(res.json()).toEqual({ success: true, message: forgotPasswordAnswer });
    expect(f.smtp.messages).toHaveLength(0);
  });

  it('at most 3 mails per account per hour; further requests get the same answer and no mail', async () => {
    const app = f.buildAnotherApp({ rateLimits: defaultRateLimits });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot({ email: 'flooded@example.test' }, app)).json());
    await app.close();
    expect(answers).toEqual(Array(5).fill({ success: true, message: forgotPasswordAnswer }));
    expect(f.smtp.messages.filter((m) => JSON.stringify(m.to).includes('flooded@example.test'))).toHaveLength(
      3,
    );
  });

  it('needs an email or a username', async () => {
    const res = await forgot({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^email: /);
  });
});

describe('reset-password', () => {
  it('a link works once: the second use is refused', async () => {
    const token = await tokenFor({ email: 'second@example.test' }, 'second@example.test');
    expect((await reset(token, 'primaParola1')).statusCode).toBe(200);
    const again = await reset(token, 'douaParola2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: { code: 'invalid_token', message: 'Link de resetare invalid sau expirat' },
    });
    expect((await login(f.app, 'second', 'primaParola1')).statusCode).toBe(200);
  });

  it('an expired link is refused', async () => {
    const token = await tokenFor({ email: 'second@example.test' }, 'second@example.test');
    await f.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', sha256Hex(token))
      .execute();
    const res = await reset(token, 'expiredParola1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_token', message: 'Link de resetare invalid sau expirat' },
    });
  });

  it('a made-up token is refused', async () => {
    const res = await reset('not-a-real-token', 'parola123');
    expect(res.json()).toEqual({
      error: { code: 'invalid_token', message: 'Link de resetare invalid sau expirat' },
    });
  });

  it('the password rule is enforced, and a refused password leaves the link usable', async () => {
    const token = await tokenFor({ email: 'second@example.test' }, 'second@example.test');

    const short = await reset(token, 'abc12');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: {
        code: 'validation_error',
        message: 'Parola trebuie să aibă cel puțin 8 caractere',
        details: [{ field: 'password', message: 'Parola trebuie să aibă cel puțin 8 caractere' }],
      },
    });
    const lettersOnly = await reset(token, 'doarlitere');
    expect(lettersOnly.json().error.message).toBe('Parola trebuie să conțină litere și cifre');
    const digitsOnly = await reset(token, '1234567890');
    expect(digitsOnly.json().error.message).toBe('Parola trebuie să conțină litere și cifre');

    expect((await reset(token, 'bunaParola9')).json()).toEqual({ success: true });
  });

  it('refuses a common or breached password and one containing the username (NIST SP 800-63B), keeping the link usable', async () => {
    const token = await tokenFor({ email: 'second@example.test' }, 'second@example.test');
    const common = await reset(token, 'Password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      error: {
        code: 'validation_error',
        message: weakPasswordMessages.common,
        details: [{ field: 'password', message: weakPasswordMessages.common }],
      },
    });
    const withName = await reset(token, 'Second2026!');
    expect(withName.statusCode).toBe(400);
    expect(withName.json().error).toMatchObject({
      message: weakPasswordMessages.containsUsername,
      details: [{ field: 'password', message: weakPasswordMessages.containsUsername }],
    });
    expect((await reset(token, 'drumul-spre-munte-7')).json()).toEqual({ success: true });
  });

  it('a new password makes older links of the same account stop working', async () => {
    const first = await tokenFor({ email: 'second@example.test' }, 'second@example.test');
    f.smtp.messages.length = 0;
    const second = await tokenFor({ email: 'second@example.test' }, 'second@example.test');
    expect(second).not.toBe(first);
    expect((await reset(second, 'finalParola5')).statusCode).toBe(200);
    expect((await reset(first, 'altaParola55')).json().error.code).toBe('invalid_token');
  });
});
