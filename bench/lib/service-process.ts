// A service started the way production starts it — its own Node process running its main.ts (the embedded
// mode: its build, as `npm start` runs it) — and stopped with SIGTERM (close-with-grace), so what a benchmark
// measures includes the process boundary, the real config loading and the real clients. The pid is the
// server's own (node --import tsx, not the tsx CLI wrapper), so /proc/<pid> figures (RSS) are the server's.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedLaunch } from '@bodymetrics/system/embedded-launch';
import type { ProcessEndpoints } from '@bodymetrics/system/manifest';
import { freePort } from '@bodymetrics/testing';
import { repoRoot } from './infra';
import { sleep } from './log';

export const benchLogDir = join(tmpdir(), 'bm-bench-logs');

export interface ServiceProcess {
  name: string;
  pid: number;
  url: string;
  port: number;
  logFile: string;
  /** Resident set size of the process now, in MB (from /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

export interface StartServiceOptions {
  name: string;
  /**
   * What to start: a service of the manifest (its entry file; ready once its health path answers), or a
   * bench child given by its entry file from the repository root.
   */
  process: Pick<ProcessEndpoints, 'entry'> & Partial<Pick<ProcessEndpoints, 'healthPath'>>;
  env?: Record<string, string>;
  /** Run a build instead of `entry` through tsx (the embedded process, as `npm start` runs it). */
  launch?: EmbeddedLaunch;
  port?: number;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /** Raise the open-file limit (ulimit -n) of the process to at least this many, as far as the hard limit allows. */
  openFiles?: number;
}

/**
 * The command that runs node with `args`, under a raised open-file limit when asked: exec keeps the pid,
 * so the process is still the server itself.
 */
export function nodeCommand(args: string[], openFiles?: number): [string, string[]] {
  if (!openFiles) return [process.execPath, args];
  return [
    'bash',
    [
      '-c',
      `ulimit -n ${openFiles} 2>/dev/null || ulimit -n hard 2>/dev/null; exec "$0" "$@"`,
      process.execPath,
      ...args,
    ],
  ];
}

export function rssMbOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line
      ? Math.round(Number(line.replace(/\D+/g, ' ').trim().split(' ')[0]) / 102.4) / 10
      : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export async function startService(options: StartServiceOptions): Promise<ServiceProcess> {
  mkdirSync(benchLogDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const logFile = join(benchLogDir, `${options.name}-${Date.now()}.log`);
  const log = createWriteStream(logFile);
  const [command, args] = nodeCommand(
    [...(options.nodeArgs ?? []), ...(options.launch?.args ?? ['--import', 'tsx', options.process.entry])],
    options.openFiles,
  );
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...options.launch?.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (exited !== undefined) {
      throw new Error(
        `${options.name} exited with ${exited} before it was ready; see ${logFile}:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${url}${options.process.healthPath ?? '/healthz'}`, {
        signal: AbortSignal.timeout(1000),
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} was not ready within the time allowed; see ${logFile}`);
    }
    await sleep(100);
  }
  let stopping: Promise<void> | undefined;
  return {
    name: options.name,
    pid: child.pid as number,
    url,
    port,
    logFile,
    rssMb: () => rssMbOf(child.pid as number),
    stop: () => {
      stopping ??= (async () => {
        if (exited !== undefined) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exit;
        clearTimeout(timer);
        log.end();
      })();
      return stopping;
    },
  };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until the process uses less than `busyShare` of a core over a second (e.g. the embedded mode
 * still applying the backlog a load left), so the next measurement does not pay for the previous one.
 */
export async function waitUntilIdle(
  pid: number,
  { busyShare = 0.1, timeoutMs = 120_000 } = {},
): Promise<number> {
  const began = Date.now();
  let before = cpuSecondsOf(pid);
  for (;;) {
    await sleep(1000);
    const now = cpuSecondsOf(pid);
    if (!(now - before > busyShare) || Date.now() - began > timeoutMs) return (Date.now() - began) / 1000;
    before = now;
  }
}
