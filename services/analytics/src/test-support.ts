// Test helpers for the analytics service: admin sessions in the states the guard must tell apart, and
// dates computed by the same rule the service uses ("today" in the operator's time zone, by Postgres).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@bodymetrics/db';
import { adminSessionCookie } from '@bodymetrics/service-kit';

let adminCounter = 0;

export async function seedAdminSession(
  db: Db,
  { active = true, expiresInMs = 60 * 60 * 1000 }: { active?: boolean; expiresInMs?: number } = {},
): Promise<{ sessionId: string; adminId: number; cookie: string }> {
  adminCounter += 1;
  const admin = await db
    .insertInto('admin_users')
    .values({
      username: `operator${adminCounter}`,
      email: `operator${adminCounter}@example.test`,
      // Never checked here: these tests start from a session, not from a login.
      password_hash: 'scrypt$16384$8$1$AAAA$AAAA',
      is_active: active,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = randomBytes(32).toString('base64url');
  await db
    .insertInto('admin_sessions')
    .values({ session_id: sessionId, admin_id: admin.id, expires_at: new Date(Date.now() + expiresInMs) })
    .execute();
  return { sessionId, adminId: admin.id, cookie: `${adminSessionCookie}=${sessionId}` };
}

/** The date `daysAgo` days before today in `timeZone`, as 'YYYY-MM-DD', computed by Postgres. */
export async function dateDaysAgo(db: Db, timeZone: string, daysAgo: number): Promise<string> {
  const { d } = await db
    .selectNoFrom(sql<string>`((now() AT TIME ZONE ${timeZone})::date - ${daysAgo}::int)::text`.as('d'))
    .executeTakeFirstOrThrow();
  return d;
}
