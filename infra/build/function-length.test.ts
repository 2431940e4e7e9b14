// No function of the product is longer than 120 lines: past that a reader cannot hold it at once, and it
// is a sequence of steps that want names of their own. Counted from the function's first line to its last,
// nested functions included (a component with its callbacks is one function). Tests, benchmarks and test
// fixtures are exempt: a test reads top to bottom as one story.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const maxLines = 120;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const exempt = [
  /\.test\.tsx?$/,
  /\.cases\.ts$/,
  /(^|\/)test-support\.ts$/,
  /^e2e\//,
  /^bench\//,
  /^packages\/testing\//,
  /(^|\/)fixtures\//,
  /^web-[a-z]+\/src\/test\//,
];

/** The tree's code files as git sees them: tracked, or new and not ignored. */
function productFiles(): string[] {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      '*.ts',
      '*.tsx',
      '*.js',
      '*.mjs',
      '*.cjs',
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter(
      (file) => file !== '' && !file.endsWith('.d.ts') && !exempt.some((pattern) => pattern.test(file)),
    );
}

type FunctionWithBody = ts.FunctionLikeDeclaration & { body: ts.Node };

function isFunctionWithBody(node: ts.Node): node is FunctionWithBody {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** The function's own name, else the name it is given to (`const x = () => …`, `{ x: () => … }`). */
function nameOf(fn: FunctionWithBody, source: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(source);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `a callback of ${parent.expression.getText(source)}`;
  return 'an unnamed function';
}

/** `file:line name (N lines)` for every function of `file` longer than maxLines. */
function longFunctionsOf(file: string): string[] {
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionWithBody(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) found.push(`${file}:${first + 1} ${nameOf(node, source)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it(`no function outside the tests is longer than ${maxLines} lines`, () => {
  const files = productFiles();
  expect(files.length, 'the product has code files').toBeGreaterThan(100);
  expect(files.flatMap(longFunctionsOf)).toEqual([]);
});
