// The HttpOnly, SameSite=Strict cookie that carries the admin session id (design.md §4 Admin session).
import { serialize } from 'cookie';
import { adminSessionCookie } from '@bodymetrics/service-kit';

export function sessionCookie(
  sessionId: string,
  { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean },
): string {
  return serialize(adminSessionCookie, sessionId, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearedSessionCookie({ secure }: { secure: boolean }): string {
  return serialize(adminSessionCookie, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: 0,
    expires: new Date(0),
  });
}
