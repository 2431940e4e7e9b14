// The production builds' rule, checked on every run without building anything to disk: each shipped
// process's bundle imports only npm packages its package.json "dependencies" lists (what `pnpm deploy
// --prod` installs), and lists no workspace package (those are inlined). A workspace package that starts
// importing a new npm package fails here, naming the service and the package, before an image would fail
// to start. That the deployed folder runs: infra/docker/shipped-service.integration.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundle, importedPackages, manifestProblems, packageNameOf, type Manifest } from './bundle';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Every process docker-compose.yml runs from a build, and the migrate job's package. */
const shipped = [
  'services/gateway',
  'services/tracking',
  'services/offers',
  'services/reports',
  'services/admin-auth',
  'services/analytics',
  'services/live',
  'services/aggregator',
  'packages/db',
];

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest & {
    files?: string[];
    scripts?: Record<string, string>;
  };

describe('packageNameOf', () => {
  it('names the package a specifier imports from', () => {
    expect(packageNameOf('pg')).toBe('pg');
    expect(packageNameOf('csv-stringify/sync')).toBe('csv-stringify');
    expect(packageNameOf('@fastify/static')).toBe('@fastify/static');
    expect(packageNameOf('@zxcvbn-ts/language-common/dist/x.js')).toBe('@zxcvbn-ts/language-common');
  });
});

describe('manifestProblems', () => {
  it('names an imported package that "dependencies" does not list', () => {
    expect(manifestProblems({ name: 'x', dependencies: { pg: '1' } }, ['kafkajs', 'pg'])).toEqual([
      'the build imports kafkajs, which "dependencies" does not list (pnpm deploy --prod would not install it)',
    ]);
  });

  it('names a workspace package listed as a dependency (it is inlined, its sources would ship)', () => {
    expect(
      manifestProblems({ name: 'x', dependencies: { '@bodymetrics/db': 'workspace:*', pg: '1' } }, ['pg']),
    ).toEqual(['@bodymetrics/db is inlined by the build: list it under "devDependencies"']);
  });

  it('accepts a manifest that lists exactly what runs, and more (a package read as a file, not imported)', () => {
    expect(
      manifestProblems({ name: 'x', dependencies: { pg: '1', '@fontsource/inter': '5' } }, ['pg']),
    ).toEqual([]);
  });
});

describe.each(shipped)('%s', (dir) => {
  const manifest = manifestOf(dir);
  const entries = /build-package\.ts (.+)$/.exec(manifest.scripts?.build ?? '')?.[1]?.split(' ') ?? [];

  it('builds with infra/build into dist/, the only folder it deploys', () => {
    expect(entries.length, 'scripts.build runs infra/build/build-package.ts <entries>').toBeGreaterThan(0);
    expect(manifest.files).toEqual(['dist']);
  });

  it('lists in "dependencies" every npm package its build imports, and no workspace package', async () => {
    const metafile = await bundle(join(repoRoot, dir), entries, { write: false });
    const imported = importedPackages(metafile);
    expect(imported.length).toBeGreaterThan(0);
    expect(manifestProblems(manifest, imported)).toEqual([]);
  });
});
