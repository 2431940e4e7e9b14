// Small helpers around child processes and pids, shared by the Postgres, Redis and Kafka modules.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface RunOptions {
  cwd?: string;
  timeoutMs?: number;
}

/** Runs a command to completion; on failure the error carries the command, exit code and output. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, timeout: options.timeoutMs ?? 0, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const output = `${stdout}${stderr}`.trim().split('\n').slice(-30).join('\n');
        const how = error.killed ? 'timed out' : `failed (exit ${String(error.code ?? error.signal)})`;
        reject(new Error(`\`${[command, ...args].join(' ')}\` ${how}${output ? `:\n${output}` : ''}`));
      },
    );
  });
}

/** The absolute path of a program on PATH, or undefined when it is not installed. */
export function findExecutable(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this PATH entry
    }
  }
  return undefined;
}

/** True while the process exists and has not exited; a zombie (exited, not yet reaped) counts as gone. */
export function isRunning(pid: number): boolean {
  const statFile = `/proc/${pid}/stat`;
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(statFile, 'utf8');
      // The state letter follows the command name, which is in parentheses and may contain spaces.
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state !== 'Z' && state !== 'X';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a running process, to tell our broker apart from whatever reused its pid. */
export function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The last lines of a log file, for error messages; empty when the file does not exist yet. */
export function tailOf(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
