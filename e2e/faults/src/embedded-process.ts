// The embedded mode (`npm start`) as its own operating-system process on a data folder the test owns, so
// a test can kill it with SIGKILL — no shutdown hook runs, nothing in memory survives — and start it again
// on the same folder, as an operator's supervisor (systemd, Docker's restart policy) would. It runs what
// `npm start` runs: the build, under node.env's settings (embeddedLaunch).
import { spawn, type ChildProcess } from 'node:child_process';
import { embeddedLaunch, type EmbeddedLaunch } from '@bodymetrics/system/embedded-launch';
import { repositoryRoot } from './aggregator-process';

/** Built once per test file: every restart of a test runs the same build. */
let launch: EmbeddedLaunch | undefined;

export interface EmbeddedProcess {
  url: string;
  /** What it wrote (stdout and stderr), for a failure message. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startEmbeddedProcess(options: {
  port: number;
  dataDir: string;
  mailDir: string;
  env?: Record<string, string>;
}): Promise<EmbeddedProcess> {
  launch ??= embeddedLaunch(repositoryRoot);
  const child: ChildProcess = spawn(process.execPath, launch.args, {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...launch.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      MAIL_DIR: options.mailDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString('utf8'));
    if (lines.length > 200) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the embedded process exited before it was ready:\n${lines.join('')}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline)
      throw new Error(`the embedded process was not ready in 120 s:\n${lines.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => lines.join(''),
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
