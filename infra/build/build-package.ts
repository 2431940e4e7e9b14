// The `build` script of a service (and of packages/db): bundles the entries named on the command line into
// dist/ (./bundle.ts) and refuses a package.json whose "dependencies" would not run the result once
// deployed with `pnpm deploy --prod`.
//   usage, from the package's folder: tsx ../../infra/build/build-package.ts src/main.ts [src/cli.ts …]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, importedPackages, manifestProblems, type Manifest } from './bundle';

const packageDir = process.cwd();
const entries = process.argv.slice(2);
if (entries.length === 0) throw new Error('usage: build-package.ts <entry.ts>…, run from the package folder');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest;

const started = performance.now();
const metafile = await bundle(packageDir, entries);
const problems = manifestProblems(manifest, importedPackages(metafile));
if (problems.length) {
  console.error(`${manifest.name} package.json:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
for (const [file, { bytes }] of Object.entries(metafile.outputs))
  if (file.endsWith('.js')) console.log(`${manifest.name}: ${file} ${Math.round(bytes / 1024)} kB`);
console.log(`${manifest.name}: built in ${Math.round(performance.now() - started)} ms`);
