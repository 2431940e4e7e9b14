// The admin-account operations behind `npm run admin` and the embedded start, and the CLI itself as an
// operator runs it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { adminSessionsRevokedChannel } from '@bodymetrics/contracts';
import { eventually, testInfra } from '@bodymetrics/testing';
import {
  AdminAccountError,
  createAdmin,
  ensureAdminFromEnv,
  setAdminActive,
  setAdminPassword,
} from './admin-accounts';
import { weakPasswordMessages } from './password-policy';
import { login, adminAuthTest, validateSession, type AdminAuth } from './test-support';

const it = adminAuthTest();
let f: AdminAuth;

it.beforeAll(async ({ adminAuth }) => {
  f = adminAuth;
});

const adminRow = (username: string) =>
  f.database.db.selectFrom('admin_users').selectAll().where('username', '=', username).executeTakeFirst();

describe('createAdmin', () => {
  it('creates an active admin with an scrypt hash who can log in', async () => {
    const admin = await createAdmin(f.database.db, {
      username: 'ana',
      email: 'ana@example.test',
      password: 'parola123',
    });
    expect(admin).toEqual({
      id: expect.any(Number),
      username: 'ana',
      email: 'ana@example.test',
      role: 'admin',
      isActive: true,
    });
    expect((await adminRow('ana'))?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await login(f.app, 'ana', 'parola123')).statusCode).toBe(200);
  });

  it.each([
    [
      { username: 'ana', email: 'other@example.test', password: 'parola123' },
      'An admin named "ana" already exists',
    ],
    [
      { username: 'ana2', email: 'ANA@example.test', password: 'parola123' },
      'The e-mail ANA@example.test already belongs to admin "ana"',
    ],
    [
      { username: 'bob', email: 'bob@example.test', password: 'scurt1' },
      'Parola trebuie să aibă cel puțin 8 caractere',
    ],
    [
      { username: 'bob', email: 'bob@example.test', password: 'faracifre' },
      'Parola trebuie să conțină litere și cifre',
    ],
    [
      { username: 'bob', email: 'not-an-email', password: 'parola123' },
      '"not-an-email" is not a valid e-mail address',
    ],
    [
      { username: '  ', email: 'bob@example.test', password: 'parola123' },
      'The username must be 1 to 64 characters',
    ],
  ])('refuses %j: %s', async (input, message) => {
    await expect(createAdmin(f.database.db, input)).rejects.toThrow(new AdminAccountError(message));
  });
});

describe('disable, enable, set-password', () => {
  it('disabling refuses logins and ends open sessions; enabling lets the admin back in', async () => {
    await createAdmin(f.database.db, { username: 'dan', email: 'dan@example.test', password: 'parola123' });
    const { sessionId } = (await login(f.app, 'dan', 'parola123')).json();

    await setAdminActive(f.database.db, { username: 'dan', active: false });
    expect((await validateSession(f.app, sessionId)).json()).toEqual({ valid: false });
    expect((await login(f.app, 'dan', 'parola123')).statusCode).toBe(401);

    await setAdminActive(f.database.db, { username: 'dan', active: true });
    expect((await login(f.app, 'dan', 'parola123')).statusCode).toBe(200);
  });

  it('set-password applies the rule, changes the password and ends open sessions', async () => {
    await createAdmin(f.database.db, { username: 'eva', email: 'eva@example.test', password: 'parola123' });
    const { sessionId } = (await login(f.app, 'eva', 'parola123')).json();
    await expect(setAdminPassword(f.database.db, { username: 'eva', password: 'short1' })).rejects.toThrow(
      'Parola trebuie să aibă cel puțin 8 caractere',
    );
    await setAdminPassword(f.database.db, { username: 'eva', password: 'nouaParola1' });
    expect((await validateSession(f.app, sessionId)).json()).toEqual({ valid: false });
    expect((await login(f.app, 'eva', 'nouaParola1')).statusCode).toBe(200);
  });

  it('names a missing admin', async () => {
    await expect(setAdminActive(f.database.db, { username: 'nobody', active: false })).rejects.toThrow(
      'No admin named "nobody"',
    );
  });
});

describe('weak passwords (NIST SP 800-63B 5.1.1.2)', () => {
  it('admin12345 is refused for admin: it contains the username', async () => {
    await expect(
      createAdmin(f.database.db, { username: 'admin', email: 'admin@example.test', password: 'admin12345' }),
    ).rejects.toThrow(new AdminAccountError(weakPasswordMessages.containsUsername));
    // Whatever the case of either.
    await expect(
      createAdmin(f.database.db, { username: 'Admin', email: 'admin@example.test', password: 'xADMIN2026' }),
    ).rejects.toThrow(weakPasswordMessages.containsUsername);
    expect(await adminRow('admin')).toBeUndefined();
  });

  it.each(['password1', 'Qwerty123', 'abc12345', 'iloveyou1', 'admin123'])(
    'a common or breached password (%s) is refused, whatever its case',
    async (password) => {
      await expect(
        createAdmin(f.database.db, { username: 'mara', email: 'mara@example.test', password }),
      ).rejects.toThrow(new AdminAccountError(weakPasswordMessages.common));
    },
  );

  it('set-password applies the same rules; the test fixtures and an ordinary password pass', async () => {
    await createAdmin(f.database.db, {
      username: 'ionut',
      email: 'ionut@example.test',
      password: 'parola123',
    });
    await expect(
      setAdminPassword(f.database.db, { username: 'ionut', password: 'Ionut2026' }),
    ).rejects.toThrow(weakPasswordMessages.containsUsername);
    await expect(
      setAdminPassword(f.database.db, { username: 'ionut', password: 'letmein1' }),
    ).rejects.toThrow(weakPasswordMessages.common);
    for (const password of ['correct horse battery 42', 'cantar-e2e-2026', 'embedded-pass-1', 'first-pass-1'])
      await expect(setAdminPassword(f.database.db, { username: 'ionut', password })).resolves.toMatchObject({
        username: 'ionut',
      });
    // The length and letters-and-digits rule still comes first.
    await expect(setAdminPassword(f.database.db, { username: 'ionut', password: 'abc' })).rejects.toThrow(
      'Parola trebuie să aibă cel puțin 8 caractere',
    );
  });
});

describe('ensureAdminFromEnv', () => {
  it('creates the admin once and leaves it alone afterwards', async () => {
    const first = await ensureAdminFromEnv(f.database.db, { username: 'boot', password: 'parola123' });
    expect(first).toMatchObject({
      created: true,
      admin: { username: 'boot', email: 'boot@bodymetrics.local', isActive: true },
    });
    const second = await ensureAdminFromEnv(f.database.db, {
      username: 'boot',
      password: 'altaParola2',
      email: 'x@example.test',
    });
    expect(second).toMatchObject({
      created: false,
      admin: { username: 'boot', email: 'boot@bodymetrics.local' },
    });
    // The password of the existing admin is not overwritten by the environment.
    expect((await login(f.app, 'boot', 'parola123')).statusCode).toBe(200);
  });

  it('refuses a weak password from the environment', async () => {
    await expect(ensureAdminFromEnv(f.database.db, { username: 'weak', password: 'admin' })).rejects.toThrow(
      AdminAccountError,
    );
  });
});

describe('the CLI (npm run admin -- …)', () => {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const run = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(tsx, [cli, ...args], {
        env: { ...process.env, DATABASE_URL: f.database.url, ADMIN_PASSWORD: '', ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('create with ADMIN_PASSWORD, then disable', async () => {
    const created = await run(['create', '--username', 'cli-admin', '--email', 'cli@example.test'], {
      ADMIN_PASSWORD: 'parola123',
    });
    expect(created).toMatchObject({ code: 0, stdout: 'Created admin "cli-admin" <cli@example.test>.\n' });
    expect((await login(f.app, 'cli-admin', 'parola123')).statusCode).toBe(200);

    const disabled = await run(['disable', '--username', 'cli-admin']);
    expect(disabled).toMatchObject({
      code: 0,
      stdout: 'Admin "cli-admin" disabled; their open sessions were ended.\n',
    });
    expect((await adminRow('cli-admin'))?.is_active).toBe(false);
  });

  it('create --role viewer, then set-role; a role that does not exist is a usage error', async () => {
    const created = await run(
      ['create', '--username', 'cli-viewer', '--email', 'viewer@example.test', '--role', 'viewer'],
      { ADMIN_PASSWORD: 'parola123' },
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: 'Created viewer "cli-viewer" <viewer@example.test>.\n',
    });
    expect((await adminRow('cli-viewer'))?.role).toBe('viewer');
    const promoted = await run(['set-role', '--username', 'cli-viewer', '--role', 'admin']);
    expect(promoted).toMatchObject({ code: 0, stdout: '"cli-viewer" is now admin.\n' });
    expect((await adminRow('cli-viewer'))?.role).toBe('admin');
    const [unknown, missing] = await Promise.all([
      run(['set-role', '--username', 'cli-viewer', '--role', 'owner']),
      run(['set-role', '--username', 'cli-viewer']),
    ]);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('--role must be admin or viewer, not "owner"');
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain('--role is required');
  });

  it('refuses a password containing the username, in Romanian, naming the rule', async () => {
    const refused = await run([
      'create',
      '--username',
      'admin',
      '--email',
      'admin-cli@example.test',
      '--password',
      'admin12345',
    ]);
    expect(refused).toMatchObject({ code: 1, stderr: `Error: ${weakPasswordMessages.containsUsername}\n` });
  });

  it('disable also tells the live service on Redis that the sessions ended', async () => {
    await createAdmin(f.database.db, {
      username: 'cli-live',
      email: 'cli-live@example.test',
      password: 'parola123',
    });
    const admin = await adminRow('cli-live');
    const liveKeyPrefix = `${f.keyPrefix}live:`;
    const subscriber = new Redis(testInfra().redisUrl);
    const received: string[] = [];
    subscriber.on('message', (_channel: string, message: string) => received.push(message));
    await subscriber.subscribe(adminSessionsRevokedChannel(liveKeyPrefix));
    try {
      const disabled = await run(['disable', '--username', 'cli-live'], {
        REDIS_URL: testInfra().redisUrl,
        LIVE_KEY_PREFIX: liveKeyPrefix,
      });
      expect(disabled.code).toBe(0);
      await eventually(async () => expect(received).toEqual([JSON.stringify({ adminId: admin!.id })]));
    } finally {
      subscriber.disconnect();
    }
  });

  it('says why it refuses', async () => {
    const [weak, missing, usage] = await Promise.all([
      run(['create', '--username', 'cli-weak', '--email', 'weak@example.test', '--password', 'abc']),
      run(['enable', '--username', 'no-such-admin']),
      run(['frobnicate', '--username', 'x']),
    ]);
    expect(weak).toMatchObject({ code: 1, stderr: 'Error: Parola trebuie să aibă cel puțin 8 caractere\n' });
    expect(missing).toMatchObject({ code: 1, stderr: 'Error: No admin named "no-such-admin"\n' });
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('Unknown command "frobnicate"');
    expect(usage.stderr).toContain('Usage: npm run admin');
  });
});
