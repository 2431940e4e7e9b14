// What an image carries, made and started here without Docker (no engine runs on this machine): the real
// build (`pnpm --filter <service> run build`) and the real `pnpm deploy --prod` of infra/docker/Dockerfile,
// the folder then moved as COPY moves it, and `node dist/main.js` started in it against the real Postgres
// (offers) and Kafka (tracking, on topics of its own). The folder holds the bundle and production
// dependencies only; the process answers, does its work and stops on SIGTERM. ~20 s for both.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { topics } from '@bodymetrics/contracts';
import { eventually, freePort, readTopic, testInfra } from '@bodymetrics/testing';
import { test } from '@bodymetrics/testing/fixtures';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** Never in an image: the toolchain of development and tests. */
const devOnly = ['tsx', 'vitest', 'typescript', 'esbuild', 'vite', 'eslint', 'prettier', 'turbo'];

/** Builds and deploys a service as the Dockerfile does; returns the folder, already moved once. */
async function shipped(service: string, into: string): Promise<string> {
  const name = `@bodymetrics/${service}`;
  await run('pnpm', ['--filter', name, 'run', 'build'], { cwd: repoRoot });
  const staging = join(into, 'staging', service);
  await run(
    'pnpm',
    ['--filter', name, 'deploy', '--prod', '--offline', '--config.inject-workspace-packages=true', staging],
    { cwd: repoRoot },
  );
  // COPY --from=build copies the folder elsewhere: its links must not point back at where it was made.
  const folder = join(into, 'app', 'services', service);
  cpSync(staging, folder, { recursive: true, verbatimSymlinks: true });
  rmSync(staging, { recursive: true, force: true });
  return folder;
}

interface Started {
  baseUrl: string;
  output: () => string;
  /** Sends SIGTERM; resolves with the exit code once the process has ended. */
  stop: () => Promise<number | null>;
}

/** `node dist/main.js` in the folder, with the image's Node options and nothing of this process's loaders. */
async function start(folder: string, settings: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_OPTIONS: '--enable-source-maps --disable-warning=TimeoutNegativeWarning',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
      const res = await fetch(`${baseUrl}/healthz`);
      expect(res.status).toBe(200);
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Every package folder in a deployed node_modules (pnpm's store folders are named name@version). */
const storeFolders = (folder: string) => readdirSync(join(folder, 'node_modules', '.pnpm'));

// eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none
const it = test.extend('workdir', { scope: 'file' }, ({}, { onCleanup }) => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-shipped-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
});

describe.each(['offers', 'tracking'])('the %s image’s folder', (service) => {
  const folderOf = (workdir: string) => join(workdir, 'app', 'services', service);

  it.beforeAll(async ({ workdir }) => {
    await shipped(service, workdir);
  }, 120_000);

  it('holds the bundle and the production dependencies its package.json lists, nothing else', ({
    workdir,
  }) => {
    const folder = folderOf(workdir);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      type: string;
      dependencies: Record<string, string>;
    };
    // "type": "module" travels with it: dist/main.js is an ES module.
    expect(manifest.type).toBe('module');
    expect(
      readdirSync(folder)
        .filter((f) => f !== 'pnpm-lock.yaml')
        .sort(),
    ).toEqual(['dist', 'node_modules', 'package.json']);
    expect(readdirSync(join(folder, 'dist')).sort()).toEqual(['main.js', 'main.js.map']);
    const installed = readdirSync(join(folder, 'node_modules'))
      .filter((f) => !f.startsWith('.'))
      .flatMap((f) =>
        f.startsWith('@') ? readdirSync(join(folder, 'node_modules', f)).map((g) => `${f}/${g}`) : [f],
      );
    expect(installed.sort()).toEqual(Object.keys(manifest.dependencies).sort());
    const everything = storeFolders(folder);
    expect(everything.length).toBeGreaterThan(10);
    for (const tool of devOnly)
      expect(
        everything.filter((f) => f.startsWith(`${tool}@`)),
        `${tool} is a development tool`,
      ).toEqual([]);
    // Workspace packages are inlined in the bundle, type packages are for the compiler.
    expect(everything.filter((f) => /^@bodymetrics\+|^@types\+/.test(f))).toEqual([]);
    expect(existsSync(join(folder, 'src'))).toBe(false);
  });

  if (service === 'offers')
    it('starts with node dist/main.js, reads and writes Postgres, and stops on SIGTERM', async ({
      workdir,
      database,
    }) => {
      const offers = await start(folderOf(workdir), { DATABASE_URL: database.url, SEED_CONTENT: 'true' });
      const ready = await fetch(`${offers.baseUrl}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
      // The shipped offers, written at start by the seed and read back through the route.
      const list = await fetch(`${offers.baseUrl}/api/affiliate-offers/all`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBeGreaterThan(0);
      expect(await offers.stop(), offers.output()).toBe(0);
    });

  if (service === 'tracking')
    it('starts with node dist/main.js, publishes to Kafka, and stops on SIGTERM', async ({
      workdir,
      database,
      bus,
    }) => {
      const tracking = await start(folderOf(workdir), {
        DATABASE_URL: database.url,
        KAFKA_BROKERS: testInfra().kafkaBrokers.join(','),
        TOPIC_PREFIX: bus.topicPrefix,
      });
      const leave = { visitorId: 'v-shipped', sessionId: 's-1', pageUrl: '/', action: 'page_leave' };
      const res = await fetch(`${tracking.baseUrl}/api/analytics/page-visit`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(leave),
      });
      expect(res.status, tracking.output()).toBe(202);
      const landed = await readTopic(bus.topicPrefix, topics.pageVisit, { expect: 1 });
      expect(landed.map((e) => e.payload)).toEqual([
        expect.objectContaining({ kind: 'leave', visitorId: 'v-shipped' }),
      ]);
      expect(await tracking.stop(), tracking.output()).toBe(0);
    });
});
