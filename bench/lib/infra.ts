// The servers a benchmark runs against: the ones `npm run infra:up` starts or finds (Postgres, Redis,
// Kafka), or those named by DATABASE_URL / REDIS_URL / KAFKA_BROKERS. Benchmarks never stop them; they
// only remove what they created on them (a database, topics, Redis keys).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testInfra, type TestInfra } from '@bodymetrics/testing';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The servers' addresses, read as the tests read them (one rule: packages/testing's testInfra): URLs from the
 * environment, else the local ones.
 */
export type BenchInfra = TestInfra;
export const benchInfra = (env: NodeJS.ProcessEnv = process.env): BenchInfra => testInfra(env);

let infraReady: Promise<void> | undefined;

/** Runs infra:up once per bench run (it finds running servers in a second); its table goes to stderr. */
export function ensureInfra(): Promise<void> {
  infraReady ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/up.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`infra:up exited with ${code}`))));
  });
  return infraReady;
}

/** A short random tag for the names a run creates (topics, key prefixes), as the tests make theirs. */
export { uniqueTag } from '@bodymetrics/testing';
