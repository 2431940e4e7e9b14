// Admin password hashing with node:crypto scrypt: memory-hard, no native dependency. The parameters are
// stored with the hash (`scrypt$N$r$p$salt$hash`, base64url) so they can be raised later without
// invalidating existing passwords.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const current = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;
const saltLength = 16;
/** Upper bound on a stored N, so a corrupted row cannot make one login allocate gigabytes. */
const maxN = 2 ** 20;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; node's default ceiling (32 MiB) is exactly that for N=2^15, r=8, so allow twice.
  const options: ScryptOptions = { ...params, maxmem: 2 * 128 * params.N * params.r };
  // NFKC (NIST SP 800-63B): the same password typed with composed or decomposed diacritics matches.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, current);
  return [
    'scrypt',
    current.N,
    current.r,
    current.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (
    !powerOfTwo ||
    N > maxN ||
    !Number.isInteger(r) ||
    r < 1 ||
    r > 32 ||
    !Number.isInteger(p) ||
    p < 1 ||
    p > 16
  )
    return null;
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

let dummyHash: Promise<string> | undefined;
/** A hash of nothing anyone knows, with the current parameters: unknown users cost the same work. */
const dummy = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

/** True when `password` matches `stored`. A missing or unreadable hash costs as much time as a real one. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    const fallback = parseHash(await dummy());
    if (fallback) await derive(password, fallback.salt, fallback);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than today's (a login could re-hash it). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N < current.N || parsed.r < current.r;
}
