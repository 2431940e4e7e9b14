// A small secret scan of the repository's tracked files: private keys, cloud and service tokens in their
// published formats, passwords written into connection URLs, and committed .env or key files. Precise
// patterns only — a finding should be a real leak, so the scan can fail the build. A finding names the
// file, line and rule, never the secret itself.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface SecretRule {
  name: string;
  pattern: RegExp;
  /** A match is only a finding if this says so (e.g. a URL whose password is a placeholder is not). */
  confirm?: (match: RegExpExecArray) => boolean;
}

export interface SecretFinding {
  path: string;
  /** 1-based; 0 for a finding about the file itself. */
  line: number;
  rule: string;
}

/** Words that stand for a password in documentation and examples, not a password. */
const placeholderPassword =
  /^(?:\*+|x+|\.{3}|<[^>]*>|\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|%[sd]|:?password|pass|passwd|pwd|secret|changeme|example|test|user)$/i;
/** Hosts that exist only in documentation and tests. */
const exampleHost =
  /(?:^|\.)(?:example(?:\.com|\.org|\.net)?|test|invalid|localhost)$|^127\.0\.0\.1$|^\[?::1\]?$/i;

export const secretRules: SecretRule[] = [
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  {
    name: 'AWS secret access key',
    pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/gi,
  },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/g },
  { name: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}\b/g },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g },
  { name: 'Stripe live key', pattern: /\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b/g },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { name: 'SendGrid API key', pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g },
  {
    name: 'password in a URL',
    // scheme://user:password@host — the user may be empty (redis://:password@host).
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/([^\s:/@'"`]*):([^\s@/'"`]+)@([^\s/:'"`?#]+)/gi,
    confirm: (m) => !placeholderPassword.test(m[2] ?? '') && !exampleHost.test(m[3] ?? ''),
  },
];

/** Files that hold secrets by their nature; the example/sample/template variants are documentation. */
export function secretFileRule(path: string): string | undefined {
  const name = basename(path);
  if (/^\.env(?:\..+)?$/.test(name) && !/\.(?:example|sample|template|defaults)$/.test(name))
    return '.env file';
  if (/\.(?:pem|key|p12|pfx|jks|keystore)$/i.test(name) || /^id_(?:rsa|dsa|ecdsa|ed25519)$/.test(name))
    return 'key file';
  return undefined;
}

export function scanText(path: string, text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  for (const rule of secretRules) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      if (!rule.confirm || rule.confirm(m)) findings.push({ path, line: lineOf(m.index), rule: rule.name });
    }
  }
  return findings;
}

/** Larger files (lockfiles aside, which are scanned) are data, not code someone pasted a key into. */
const maxBytes = 2 * 1024 * 1024;

/** Scans every file git tracks under `root`. */
export function scanTrackedFiles(root: string): { files: number; findings: SecretFinding[] } {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const findings: SecretFinding[] = [];
  let files = 0;
  for (const path of listed) {
    const byName = secretFileRule(path);
    if (byName) findings.push({ path, line: 0, rule: byName });
    const absolute = join(root, path);
    let size: number;
    try {
      size = statSync(absolute).size;
    } catch {
      continue; // deleted in the working tree
    }
    if (size > maxBytes) continue;
    const content = readFileSync(absolute);
    if (content.includes(0)) continue; // binary
    files += 1;
    findings.push(...scanText(path, content.toString('utf8')));
  }
  return { files, findings };
}
