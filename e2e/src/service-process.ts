// One service of the distributed mode as its own operating-system process, started exactly as production
// starts it (`node --import tsx services/<name>/src/main.ts`, settings from the environment), with its
// output kept so a failing start or test can show what the service said.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServiceManifest } from '@bodymetrics/system/manifest';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const keptLogLines = 400;

export interface ServiceProcess {
  name: string;
  url: string;
  /** Answers 200 once the service is ready. */
  readyPath: string;
  /** The last lines the service wrote (stdout and stderr). */
  logs(): string;
  hasExited(): boolean;
  /** SIGTERM (the service's graceful shutdown), then SIGKILL if it has not exited in time. */
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** The service as the manifest names it: its entry file and readiness path. */
  service: ServiceManifest;
  port: number;
  env: Record<string, string>;
  /** Show the service's output live (E2E_SERVICE_LOGS=1) instead of only keeping it. */
  echo?: boolean;
}

export function spawnService({ service, port, env, echo = false }: ServiceProcessOptions): ServiceProcess {
  const { name } = service;
  const lines: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `${repositoryRoot}${service.entry}`],
    {
      // `--import tsx` resolves from the working directory: each service has tsx among its dependencies.
      cwd: `${repositoryRoot}${service.packageDir}`,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (echo) process.stderr.write(`[${name}] ${text}`);
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > keptLogLines) lines.splice(0, lines.length - keptLogLines);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return {
    name,
    url: `http://127.0.0.1:${port}`,
    readyPath: service.readyPath,
    logs: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
  };
}

/** Polls the service's readiness path (/readyz) until it answers 200; fails early with its output if it exits. */
export async function waitUntilReady(service: ServiceProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (service.hasExited()) throw new Error(`${service.name} exited during start:\n${service.logs()}`);
    try {
      const response = await fetch(`${service.url}${service.readyPath}`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${service.name} not ready after ${timeoutMs} ms (${last}):\n${service.logs()}`);
}
