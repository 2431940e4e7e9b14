// admin_login_challenges: the short-lived token between a right password and the session — to send a
// second-factor code (`code`), or, when a second factor is required and the admin has none, to enrol one
// (`enrol`). It is not a session: no guarded route accepts it. Only its SHA-256 is stored.
import type { Kysely } from 'kysely';
import type { Database, LoginChallengePurpose } from '@bodymetrics/db';
import { newSessionId, sha256Hex } from './secrets';

/** How long each kind of token works: a code is typed in seconds, an enrolment takes a phone and a scan. */
export const challengeTtlSeconds: Record<LoginChallengePurpose, number> = { code: 5 * 60, enrol: 15 * 60 };

export async function createChallenge(
  db: Kysely<Database>,
  adminId: number,
  purpose: LoginChallengePurpose,
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = newSessionId();
  const expiresInSeconds = challengeTtlSeconds[purpose];
  // Housekeeping: an admin's expired tokens go when a new one is made.
  await db
    .deleteFrom('admin_login_challenges')
    .where('admin_id', '=', adminId)
    .where('expires_at', '<=', new Date())
    .execute();
  await db
    .insertInto('admin_login_challenges')
    .values({
      token_hash: sha256Hex(token),
      admin_id: adminId,
      purpose,
      expires_at: new Date(Date.now() + expiresInSeconds * 1000),
    })
    .execute();
  return { token, expiresInSeconds };
}

/** The active admin a valid, unexpired token of `purpose` belongs to. */
export async function findChallenge(
  db: Kysely<Database>,
  token: string,
  purpose: LoginChallengePurpose,
): Promise<{ adminId: number; username: string } | null> {
  const row = await db
    .selectFrom('admin_login_challenges as c')
    .innerJoin('admin_users as u', 'u.id', 'c.admin_id')
    .select(['u.id', 'u.username'])
    .where('c.token_hash', '=', sha256Hex(token))
    .where('c.purpose', '=', purpose)
    .where('c.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  return row ? { adminId: row.id, username: row.username } : null;
}

export async function deleteChallenge(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('admin_login_challenges').where('token_hash', '=', sha256Hex(token)).execute();
}
