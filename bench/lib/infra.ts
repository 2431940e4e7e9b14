// The servers a benchmark runs against: the ones `npm run infra:up` starts or finds (Postgres, Redis,
// Kafka), or those named by DATABASE_URL / REDIS_URL / KAFKA_BROKERS. Benchmarks never stop them; they
// only remove what they created on them (a database, topics, Redis keys).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface BenchInfra {
  /** Server URL without a database name. */
  postgresServerUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
}

export function benchInfra(env: NodeJS.ProcessEnv = process.env): BenchInfra {
  const db = new URL(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bodymetrics');
  db.pathname = '/';
  return {
    postgresServerUrl: db.toString().replace(/\/$/, ''),
    kafkaBrokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((s) => s.trim()),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

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

/** A short random tag that keeps names apart between concurrent runs. */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
