// Starting an admin session — after the password, or after the password and the second factor: the row in
// admin_sessions, the session cookie and the device marker (this browser is known for this username).
import type { FastifyReply } from 'fastify';
import type { AdminSessionStarted } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { deleteExpiredSessionsOfAdmin, insertSession } from './admin-sessions.repository';
import { deviceMarkerCookieHeader } from './device-marker';
import { newSessionId } from './secrets';
import { sessionCookie } from './session-cookie';

export interface SessionStart {
  db: Db;
  sessionTtlHours: number;
  cookieSecure: boolean;
  /** The device-marker signing key (device-marker.ts). */
  deviceKey: () => Promise<string>;
}

export async function startSession(
  { db, sessionTtlHours, cookieSecure, deviceKey }: SessionStart,
  reply: FastifyReply,
  admin: { id: number; username: string },
): Promise<AdminSessionStarted> {
  const sessionId = newSessionId();
  await deleteExpiredSessionsOfAdmin(db, admin.id);
  await insertSession(db, {
    sessionId,
    adminId: admin.id,
    expiresAt: new Date(Date.now() + sessionTtlHours * 3600_000),
  });
  const key = await deviceKey();
  reply.header('set-cookie', [
    sessionCookie(sessionId, { maxAgeSeconds: Math.round(sessionTtlHours * 3600), secure: cookieSecure }),
    // Renewed at every sign-in: this browser is known for this username from now on.
    deviceMarkerCookieHeader(key, admin.username, { secure: cookieSecure }),
  ]);
  return { success: true, sessionId, username: admin.username };
}
