// A shared link's secrets. The token: 32 random bytes (base64url), shown once, stored as its SHA-256 — its
// entropy makes a fast hash enough, and a lookup by hash needs no per-row salt. The unlock: once the
// password was given, a short-lived cookie scoped to the link's path, `<expiry ms>.<HMAC>`, signed with the
// link's stored password hash (a server-side secret of that link alone: a new password or another link
// does not accept it).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookie, serialize } from 'cookie';

export const newSharedLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashSharedLinkToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** How long a given password holds in this browser: 30 minutes. */
export const sharedUnlockSeconds = 30 * 60;

const unlockCookieName = 'bm_shared_view';

const signatureOf = (viewId: number, expiresMs: number, passwordHash: string) =>
  createHmac('sha256', passwordHash).update(`${viewId}.${expiresMs}`).digest('base64url');

/** The Set-Cookie of an unlocked link, for its own paths only. */
export function unlockCookie(
  view: { id: number; passwordHash: string },
  token: string,
  { now, secure }: { now: Date; secure: boolean },
): { header: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + sharedUnlockSeconds * 1000);
  const value = `${expiresAt.getTime()}.${signatureOf(view.id, expiresAt.getTime(), view.passwordHash)}`;
  const header = serialize(unlockCookieName, value, {
    path: `/api/shared/${token}`,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: sharedUnlockSeconds,
  });
  return { header, expiresAt };
}

/** Whether the request's cookie unlocks `view` now. */
export function isUnlocked(
  view: { id: number; passwordHash: string },
  cookieHeader: string | undefined,
  now: Date,
): boolean {
  const value = cookieHeader ? parseCookie(cookieHeader)[unlockCookieName] : undefined;
  const match = value ? /^([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return false;
  const expiresMs = Number(match[1]);
  if (expiresMs <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(view.id, expiresMs, view.passwordHash));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
