// The offers app as a file fixture on the shared ones: built once per test file on the file's database
// (cloned from the migrated template) with the shipped content seeded, and closed before the database goes.
import { randomBytes } from 'node:crypto';
import { seedContent, type Db } from '@bodymetrics/db';
import { adminSessionCookie } from '@bodymetrics/service-kit';
import { test } from '@bodymetrics/testing/fixtures';
import { buildApp } from './app';

export const it = test.extend('app', { scope: 'file' }, async ({ database }, { onCleanup }) => {
  await seedContent(database.db);
  const app = buildApp({ db: database.db });
  onCleanup(() => app.close());
  await app.ready();
  return app;
});

let adminCounter = 0;

/** An admin with a session (as a login leaves it), for the offer management routes. */
export async function seedAdminSession(
  db: Db,
  { expiresInMs = 60 * 60 * 1000 }: { expiresInMs?: number } = {},
): Promise<{ sessionId: string; adminId: number; username: string; cookie: string }> {
  adminCounter += 1;
  const username = `offers-operator${adminCounter}`;
  const admin = await db
    .insertInto('admin_users')
    .values({
      username,
      email: `${username}@example.test`,
      // Never checked here: these tests start from a session, not from a login.
      password_hash: 'scrypt$16384$8$1$AAAA$AAAA',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = randomBytes(32).toString('base64url');
  await db
    .insertInto('admin_sessions')
    .values({ session_id: sessionId, admin_id: admin.id, expires_at: new Date(Date.now() + expiresInMs) })
    .execute();
  return { sessionId, adminId: admin.id, username, cookie: `${adminSessionCookie}=${sessionId}` };
}
