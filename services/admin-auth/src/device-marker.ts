// Device markers (OWASP Authentication Cheat Sheet, "device cookies"): a browser that logged in as an
// admin keeps a signed cookie saying so, and its later logins for that username skip the per-username
// progressive delay — so an attacker guessing `admin` from many networks slows down the guessing, not the
// operator's own browser. The cookie holds a random nonce and an expiry, signed with HMAC-SHA256 over
// those and the username (which it does not reveal). Forging one needs the secret: DEVICE_COOKIE_SECRET,
// or, when that is unset, a random one generated once and kept in Postgres (service_secrets), so every
// instance and every restart agree without the operator having to set anything.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookie, serialize } from 'cookie';
import type { Db } from '@bodymetrics/db';

export const deviceMarkerCookie = 'bm_admin_device';
/** On an https site: `__Host-` (Secure, Path=/, no Domain enforced by the browser), as the session cookie. */
export const secureDeviceMarkerCookie = `__Host-${deviceMarkerCookie}`;
/** How long a browser stays known without logging in again; every login renews it. */
export const deviceMarkerDays = 90;

const secretName = 'admin-auth:device-cookie';

/** The signing key: the configured secret, else the one stored in Postgres (created on first use). */
export function deviceMarkerKey(db: Db, configured: string | undefined): () => Promise<string> {
  if (configured) return () => Promise.resolve(configured);
  let stored: Promise<string> | undefined;
  const load = async () => {
    await db
      .insertInto('service_secrets')
      .values({ name: secretName, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('service_secrets')
      .select('value')
      .where('name', '=', secretName)
      .executeTakeFirstOrThrow();
    return row.value;
  };
  return () =>
    (stored ??= load().catch((err: unknown) => {
      stored = undefined; // the database was away: try again next time
      throw err;
    }));
}

const mac = (key: string, username: string, nonce: string, expires: string) =>
  createHmac('sha256', key)
    .update(`${username.toLowerCase()}\n${nonce}\n${expires}`, 'utf8')
    .digest('base64url');

export function deviceMarkerCookieHeader(
  key: string,
  username: string,
  { secure, now = Date.now() }: { secure: boolean; now?: number },
): string {
  const nonce = randomBytes(16).toString('base64url');
  const expires = String(Math.floor(now / 1000) + deviceMarkerDays * 86_400);
  return serialize(
    secure ? secureDeviceMarkerCookie : deviceMarkerCookie,
    `${nonce}.${expires}.${mac(key, username, nonce, expires)}`,
    { httpOnly: true, sameSite: 'strict', path: '/', secure, maxAge: deviceMarkerDays * 86_400 },
  );
}

/** Whether the request carries a valid, unexpired marker of a browser that logged in as `username`. */
export function hasDeviceMarker(
  key: string,
  username: string,
  cookieHeader: string | undefined,
  now = Date.now(),
): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookie(cookieHeader);
  for (const value of [cookies[secureDeviceMarkerCookie], cookies[deviceMarkerCookie]]) {
    const [nonce, expires, signature, ...rest] = (value ?? '').split('.');
    if (!nonce || !expires || !signature || rest.length) continue;
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) continue;
    const expected = Buffer.from(mac(key, username, nonce, expires));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
