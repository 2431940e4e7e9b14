// No secret in the repository: the scan over every tracked file finds nothing. The rules themselves are
// checked on samples first, so "nothing found" means nothing is there — the samples are assembled at run
// time so that this file does not itself hold anything the scan would report.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanText, scanTrackedFiles, secretFileRule } from './secret-scan';

const join = (...parts: string[]) => parts.join('');
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('the secret rules', () => {
  it.each([
    ['private key', join('-----BEGIN ', 'RSA PRIVATE KEY-----\nMIIEow…')],
    ['private key', join('-----BEGIN ', 'OPENSSH PRIVATE KEY-----')],
    ['AWS access key id', join('AKIA', 'Z7QW3R5T8Y2U4I6O')],
    [
      'AWS secret access key',
      join('aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY', 'EXAMPLEKEY'),
    ],
    ['GitHub token', join('ghp_', 'a'.repeat(36))],
    ['npm token', join('npm_', 'B'.repeat(36))],
    ['Slack token', join('xoxb-', '1234567890-abcdefghij')],
    ['Stripe live key', join('sk_live_', 'abcdefghijklmnop1234')],
    ['Google API key', join('AIza', 'S'.repeat(35))],
    ['password in a URL', join('DATABASE_URL=postgres://app:', 'Tr0ub4dor&3', '@db.internal:5432/app')],
    ['password in a URL', join('redis://:', 's3cr3t-value', '@cache.internal:6379')],
  ])('finds a %s', (rule, text) => {
    expect(scanText('config.txt', `before\n${text}\nafter`)).toEqual([{ path: 'config.txt', line: 2, rule }]);
  });

  it.each([
    'postgres://postgres@127.0.0.1:5432/bodymetrics',
    'postgres://postgres:${POSTGRES_PASSWORD:-dev}@postgres:5432/bodymetrics',
    'smtps://user:pass@relay:465',
    'redis://user:hunter2@localhost:6379',
    'https://user:topsecret@api.example.com/',
    'const pattern = /-----BEGIN [A-Z]+ PRIVATE KEY-----/;',
    'sha512-AKIAabcdefghijklmnopqrstuvwxyz==',
  ])('leaves documentation and placeholders alone: %s', (text) => {
    expect(scanText('doc.md', text)).toEqual([]);
  });

  it('flags committed .env and key files, not their documented examples', () => {
    expect(secretFileRule('services/reports/.env')).toBe('.env file');
    expect(secretFileRule('.env.production')).toBe('.env file');
    expect(secretFileRule('infra/tls/server.key')).toBe('key file');
    expect(secretFileRule('id_ed25519')).toBe('key file');
    expect(secretFileRule('.env.example')).toBeUndefined();
    expect(secretFileRule('src/env.ts')).toBeUndefined();
  });
});

describe('the repository', () => {
  it('holds no secret in any tracked file', () => {
    const { files, findings } = scanTrackedFiles(repositoryRoot);
    expect(files).toBeGreaterThan(100);
    expect(findings).toEqual([]);
  });
});
