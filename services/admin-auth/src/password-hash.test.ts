import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password-hash';

describe('admin password hashing (scrypt)', () => {
  it('stores its parameters with a random salt, and verifies', async () => {
    const a = await hashPassword('parola123');
    const b = await hashPassword('parola123');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('parola123', a)).toBe(true);
    expect(await verifyPassword('parola124', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('reads hashes made with other parameters', async () => {
    // Made once with N=2^14: older hashes keep working when the cost is raised.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('parola123', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('parola123', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });

  it('matches the same password typed with composed or decomposed diacritics', async () => {
    const stored = await hashPassword('parolă123'); // ă as one code point
    expect(await verifyPassword('parola\u0306123', stored)).toBe(true); // a + combining breve
  });

  it.each([
    null,
    undefined,
    '',
    'plain',
    'scrypt$3$8$1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAA',
    'scrypt$4194304$8$1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAA',
  ])('an unusable stored hash %j never matches', async (stored) => {
    expect(await verifyPassword('parola123', stored)).toBe(false);
  });
});
