// The HttpOnly, SameSite=Strict cookie that carries the admin session id (design.md §4 Admin session).
// On an https site it is named `__Host-bm_admin_session`: Secure, Path=/ and no Domain are then enforced
// by the browser, so a sibling subdomain cannot set or overwrite it. Readers accept either name.
import { serialize } from 'cookie';
import { adminSessionCookie, secureAdminSessionCookie } from '@bodymetrics/service-kit';

/** The session cookie's name for the site's scheme. */
export const sessionCookieName = (secure: boolean): string =>
  secure ? secureAdminSessionCookie : adminSessionCookie;

export function sessionCookie(
  sessionId: string,
  { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean },
): string {
  return serialize(sessionCookieName(secure), sessionId, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearedSessionCookie({ secure }: { secure: boolean }): string {
  return serialize(sessionCookieName(secure), '', {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: 0,
    expires: new Date(0),
  });
}
