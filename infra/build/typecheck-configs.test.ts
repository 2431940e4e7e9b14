// The tsc guard checks the workspace as two programs (tsconfig.typecheck-node.json, tsconfig.typecheck-web.json)
// instead of once per package. This keeps them honest: every file a package's own tsconfig.json covers is in
// one of the two, and each file is checked with its package's libraries (a Node package's file is not given
// the DOM by being checked in the web program).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function filesOf(configPath: string): { files: Set<string>; lib: string[] } {
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath));
  return { files: new Set(parsed.fileNames), lib: parsed.options.lib ?? [] };
}

const packageConfigs = execFileSync('git', ['ls-files', '*tsconfig.json'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

describe('the typecheck programs', () => {
  const node = filesOf(join(repoRoot, 'tsconfig.typecheck-node.json'));
  const web = filesOf(join(repoRoot, 'tsconfig.typecheck-web.json'));

  it.each(packageConfigs)('check every file of %s, with its own libraries', (config) => {
    const own = filesOf(join(repoRoot, config));
    expect(own.files.size, 'the package has files').toBeGreaterThan(0);
    const withDom = own.lib.some((l) => /dom/i.test(l));
    const program = withDom ? web : node;
    const missing = [...own.files].filter((f) => !program.files.has(f));
    expect(missing, `${config}: files outside tsconfig.typecheck-${withDom ? 'web' : 'node'}.json`).toEqual(
      [],
    );
  });

  it('check no file twice', () => {
    expect([...node.files].filter((f) => web.files.has(f))).toEqual([]);
  });
});
