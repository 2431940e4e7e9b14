// How anything but `npm start` itself (the benchmarks, the kill -9 fault test) starts the embedded process
// the way `npm start` does (infra/bin/start.sh): the package's build, fresh, run by plain node under the
// settings of its node.env — so what they measure and kill is what an operator runs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { embeddedProcess } from './manifest';

export interface EmbeddedLaunch {
  /** node's arguments: the built entry. */
  args: string[];
  /** What node.env sets (NODE_OPTIONS, MALLOC_*), to lay over the caller's environment. */
  env: Record<string, string>;
}

/** Builds the embedded bundle (its package's `build` script, well under a second) and says how to run it. */
export function embeddedLaunch(repositoryRoot: string): EmbeddedLaunch {
  execFileSync('pnpm', ['--silent', '--filter', '@bodymetrics/embedded', 'run', 'build'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const env = parseEnv(readFileSync(join(repositoryRoot, embeddedProcess.nodeEnv), 'utf8'));
  return {
    args: [join(repositoryRoot, embeddedProcess.built)],
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  };
}
