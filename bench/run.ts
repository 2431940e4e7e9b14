// `npm run bench` (every benchmark) or `npm run bench -- <name> [<name>…]`: runs them one after the other.
// Each benchmark starts what it needs, stops what it started, and this runner prints exactly one JSON line
// per benchmark on stdout: its figures, the verdict on each target, and the machine they came from.
// Progress and the servers' own logs go to stderr and to files, never to stdout.
import { execFileSync } from 'node:child_process';
import { machine } from './lib/machine';
import { ensureInfra, repoRoot } from './lib/infra';
import { incompleteKey } from './lib/targets';

export type Figures = Record<string, number | string | boolean>;

export const benchmarkNames = ['ingest', 'drain', 'lag', 'reads', 'live', 'web', 'embedded'] as const;
type Name = (typeof benchmarkNames)[number];

/** Benchmarks that do not need Postgres, Redis and Kafka. */
const needsNoInfra = new Set<Name>(['web', 'embedded']);

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = asked.filter((a) => !(benchmarkNames as readonly string[]).includes(a));
  if (unknown.length) {
    process.stderr.write(
      `unknown benchmark(s): ${unknown.join(', ')}; known: ${benchmarkNames.join(', ')}\n`,
    );
    process.exit(64);
  }
  const names: Name[] = asked.length ? (asked as Name[]) : [...benchmarkNames];
  let failed = 0;
  for (const name of names) {
    const startedAt = new Date();
    let figures: Figures;
    try {
      if (!needsNoInfra.has(name)) await ensureInfra();
      const module = (await import(`./${name}.ts`)) as { run: () => Promise<Figures> };
      figures = await module.run();
    } catch (err) {
      failed++;
      figures = { error: err instanceof Error ? err.message : String(err) };
      process.stderr.write(
        `[bench ${name}] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
    }
    if (typeof figures[incompleteKey] === 'string') {
      failed++;
      process.stderr.write(`[bench ${name}] incomplete: ${figures[incompleteKey]}\n`);
    }
    const line = {
      name,
      ...figures,
      seconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
      date: startedAt.toISOString(),
      commit: commit(),
      machine: machine(),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  // Clients some libraries leave behind (kafkajs, pg pools) must not keep the runner alive.
  process.exit(failed ? 1 : 0);
}

await main();
