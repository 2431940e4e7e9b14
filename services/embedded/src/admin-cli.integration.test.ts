// `npm start -- admin …` as the operator runs it (infra/bin/start.sh: the admin command, admin-auth's
// cli.ts, with --embedded): an admin created in the embedded database before the first start can sign in
// once the server runs, and while the server runs the command refuses to touch the database (PGlite
// allows one process) and says what to do.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type RunningEmbedded } from './embedded';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../../admin-auth/src/cli.ts', import.meta.url));

let root: string;
let running: RunningEmbedded | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bm-embedded-cli-'));
});
afterAll(async () => {
  await running?.close();
  await rm(root, { recursive: true, force: true });
});

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, '--embedded', ...args],
      { cwd: packageDir, env: { ...process.env, DATA_DIR: join(root, 'pgdata'), ADMIN_PASSWORD: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm start -- admin (embedded database)', () => {
  // Two cold starts in a row (a child process creating the PGlite database, then the server): slow on a
  // busy two-core machine, hence the longer allowance.
  it('creates an admin before the first start, who can then sign in', { timeout: 180_000 }, async () => {
    const created = await admin('create', '--username', 'ops', '--password', 'first-pass-1');
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created admin "ops" <ops@bodymetrics.local>');
    expect(created.code).toBe(0);

    running = await startEmbedded({
      port: 0,
      dataDir: join(root, 'pgdata'),
      mailDir: join(root, 'mail'),
      log: () => {},
    });
    expect(running.activeAdmins).toBe(1);
    const login = await fetch(`${running.url}/api/admin/login`, {
      method: 'POST',
      // What a browser on the sign-in page sends (admin writes must come from the site itself).
      headers: { 'content-type': 'application/json', origin: running.url },
      body: JSON.stringify({ username: 'ops', password: 'first-pass-1' }),
    });
    expect(login.status).toBe(200);
  });

  it('refuses while the server has the database open, naming the process and the way out', async () => {
    const refused = await admin('set-password', '--username', 'ops', '--password', 'second-pass-2');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stderr).toContain('PGlite allows one process at a time');
    expect(refused.stderr).toContain('ADMIN_USERNAME=<name> ADMIN_PASSWORD=<password> npm start');
  });

  it('explains its usage when a command is unknown', async () => {
    const wrong = await admin('rename', '--username', 'ops');
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('Unknown command "rename"');
    expect(wrong.stderr).toContain('Usage: npm start -- admin <command>');
  });
});
