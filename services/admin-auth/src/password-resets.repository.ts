// password_resets: one-time tokens, stored as SHA-256 hex, valid until expires_at, spent by used_at.
import type { Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';

export async function insertPasswordReset(
  db: Kysely<Database>,
  reset: { email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ email: reset.email, token: reset.tokenHash, expires_at: reset.expiresAt })
    .execute();
}

/** The e-mail of a token that can still be used, or null. */
export async function findUsableReset(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ email: string } | null> {
  const row = await db
    .selectFrom('password_resets')
    .select('email')
    .where('token', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Marks the token used if it still can be, in one statement: of two concurrent uses only one gets the
 * e-mail back.
 */
export async function spendReset(db: Kysely<Database>, tokenHash: string): Promise<{ email: string } | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('email')
    .executeTakeFirst();
  return row ?? null;
}

/** Once a password is reset, other links mailed for the same account stop working. */
export async function spendOtherResetsOf(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}
