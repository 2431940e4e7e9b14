// admin_sessions: created at login, deleted at logout, password reset or when an admin is disabled.
// Checking a session is the service-kit guard's job (findActiveAdminSession), shared with analytics.
import type { Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';

export async function insertSession(
  db: Kysely<Database>,
  session: { sessionId: string; adminId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({ session_id: session.sessionId, admin_id: session.adminId, expires_at: session.expiresAt })
    .execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('session_id', '=', sessionId).execute();
}

export async function deleteSessionsOfAdmin(db: Kysely<Database>, adminId: number): Promise<number> {
  const result = await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Housekeeping at login, so expired rows of an admin do not pile up. */
export async function deleteExpiredSessionsOfAdmin(db: Kysely<Database>, adminId: number): Promise<void> {
  await db
    .deleteFrom('admin_sessions')
    .where('admin_id', '=', adminId)
    .where('expires_at', '<=', new Date())
    .execute();
}
