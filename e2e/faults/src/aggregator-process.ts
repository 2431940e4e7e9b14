// The aggregator as its own operating-system process, started as production starts it
// (`node --import tsx services/aggregator/src/main.ts`, settings from the environment), so a test can
// kill it with SIGKILL — no shutdown hook runs, no batch in hand is finished.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serviceManifest } from '@bodymetrics/system/manifest';
import { testInfra } from '@bodymetrics/testing';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainTs = `${repositoryRoot}${serviceManifest.aggregator.entry}`;

export interface AggregatorProcess {
  pid: number | undefined;
  /** What it wrote (stdout and stderr), for a failure message. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Its GET /status (what this process applied since it started); rejects while it does not answer. */
  status(): Promise<{ running: boolean; batchesApplied: number; eventsApplied: number }>;
}

export function startAggregatorProcess({
  databaseUrl,
  topicPrefix,
  port = 0,
}: {
  databaseUrl: string;
  topicPrefix: string;
  /** Where its health app listens (0: anywhere, and status() cannot reach it). */
  port?: number;
}): AggregatorProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    // `--import tsx` resolves from the working directory: the repository root has it.
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: testInfra().kafkaBrokers.join(','),
      TOPIC_PREFIX: topicPrefix,
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: topicPrefix,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // The broker's minimum: a killed aggregator's partitions are handed to the next one after 6 s, not 30.
      KAFKA_SESSION_TIMEOUT_MS: '6000',
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
  return {
    pid: child.pid,
    output: () => lines.join(''),
    status: async () => {
      if (!port) throw new Error('started without a port: no status to read');
      const res = await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`GET /status answered ${res.status}`);
      return (await res.json()) as { running: boolean; batchesApplied: number; eventsApplied: number };
    },
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
