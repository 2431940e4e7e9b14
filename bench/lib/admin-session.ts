// An operator signed in, for benchmarks that read what only an admin may: an admin user and a live
// session written straight into the benchmark's database (the login itself is not what is measured).
import { randomBytes } from 'node:crypto';
import type { Db } from '@bodymetrics/db';

export async function createAdminSession(db: Db, username = 'bench-admin'): Promise<string> {
  const admin = await db
    .insertInto('admin_users')
    .values({ username, email: `${username}@bench.invalid`, password_hash: 'not-a-usable-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = randomBytes(32).toString('hex');
  await db
    .insertInto('admin_sessions')
    .values({
      session_id: sessionId,
      admin_id: admin.id,
      expires_at: new Date(Date.now() + 24 * 3600 * 1000),
    })
    .execute();
  return sessionId;
}
