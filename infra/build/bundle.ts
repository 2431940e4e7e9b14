// What production runs, as JavaScript (each service's `build` script, and packages/db's for its migrate and
// seed commands, through ./build-package.ts). Each entry (src/main.ts, …) becomes dist/<name>.js, one ES
// module for Node 24 in which the workspace packages (@bodymetrics/*, TypeScript sources in development)
// are inlined, while every npm package stays an import, installed beside it by `pnpm deploy --prod`
// (infra/docker/Dockerfile). Why a bundle and not `tsc` per package: the sources import each other
// without file extensions (moduleResolution "Bundler"), which Node cannot load as emitted, and the
// packages export their sources; esbuild builds a service in 0.1–0.5 s.
// Development does not use this: `npm start`, the tests and the bench run the sources through tsx/vitest.
import { rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export const packageNameOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const workspacePackage = /^@bodymetrics\//;

/** The npm packages a build imports at run time (Node's own modules aside), by package name. */
export function importedPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && !isBuiltin(imported.path)) names.add(packageNameOf(imported.path));
  return [...names].sort();
}

export interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}

/**
 * What would make the deployed folder fail at run time, or carry sources: an imported npm package that
 * "dependencies" does not list (`pnpm deploy --prod` installs exactly those), or a workspace package listed
 * there (it is inlined; deployed, it would ship its TypeScript sources and its own dependencies again).
 */
export function manifestProblems(manifest: Manifest, imported: readonly string[]): string[] {
  const declared = manifest.dependencies ?? {};
  const problems: string[] = [];
  const missing = imported.filter((name) => !(name in declared));
  if (missing.length)
    problems.push(
      `the build imports ${missing.join(', ')}, which "dependencies" does not list (pnpm deploy --prod would not install it)`,
    );
  const inlined = Object.keys(declared).filter((name) => workspacePackage.test(name));
  if (inlined.length)
    problems.push(
      `${inlined.join(', ')} ${inlined.length > 1 ? 'are' : 'is'} inlined by the build: list ${inlined.length > 1 ? 'them' : 'it'} under "devDependencies"`,
    );
  return problems;
}

/** Bundles the entries into the package's dist/ (emptied first); `write: false` only reports what it would hold. */
export async function bundle(
  packageDir: string,
  entries: readonly string[],
  { write = true }: { write?: boolean } = {},
): Promise<Metafile> {
  const outdir = join(packageDir, 'dist');
  if (write) rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    write,
    absWorkingDir: packageDir,
    entryPoints: [...entries],
    entryNames: '[name]',
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Stack traces point at the TypeScript lines (the image runs node --enable-source-maps); the map
    // names the sources without carrying them.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-stay-imports',
        setup(on) {
          // Bare specifiers are packages: the workspace's are followed into their sources, the rest
          // (and Node's own modules) are left to Node to load at run time.
          on.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            workspacePackage.test(path) ? undefined : { path, external: true },
          );
        },
      },
    ],
  });
  return metafile;
}
