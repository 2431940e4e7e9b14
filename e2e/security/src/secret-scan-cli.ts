// `tsx e2e/security/src/secret-scan-cli.ts [root]`: scans the tracked files, prints one line per
// finding (file:line and the rule — never the secret), exits 1 when anything was found.
import { resolve } from 'node:path';
import { scanTrackedFiles } from './secret-scan';

const root = resolve(process.argv[2] ?? new URL('../../..', import.meta.url).pathname);
const { files, findings } = scanTrackedFiles(root);
for (const f of findings) console.log(`${f.path}${f.line ? `:${f.line}` : ''}  ${f.rule}`);
console.log(
  `secret scan: ${files} tracked files, ${findings.length} finding${findings.length === 1 ? '' : 's'}`,
);
process.exit(findings.length ? 1 : 0);
