// A fresh production build of the visitor's app (vite build) into a folder of the benchmark's own, so a
// benchmark serves exactly what the sources build today, whatever web-public/dist holds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './infra';

export function buildWebPublic(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: join(repoRoot, 'web-public'),
        stdio: ['ignore', process.stderr, process.stderr],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}
