// admin_two_factor and admin_recovery_codes: an admin's TOTP secret (active once confirmed), the time-step of
// the last code accepted, and the hashed single-use recovery codes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';

export interface TwoFactor {
  secret: string;
  confirmed: boolean;
  lastUsedStep: number | null;
}

export async function findTwoFactor(db: Kysely<Database>, adminId: number): Promise<TwoFactor | null> {
  const row = await db
    .selectFrom('admin_two_factor')
    .select(['secret', 'confirmed_at', 'last_used_step'])
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return row
    ? { secret: row.secret, confirmed: row.confirmed_at !== null, lastUsedStep: row.last_used_step }
    : null;
}

/** Starts (or restarts) an enrolment; an active factor is left alone (false). */
export async function startEnrolment(
  db: Kysely<Database>,
  adminId: number,
  secret: string,
): Promise<boolean> {
  const row = await db
    .insertInto('admin_two_factor')
    .values({ admin_id: adminId, secret })
    .onConflict((oc) =>
      oc
        .column('admin_id')
        .doUpdateSet({ secret, last_used_step: null, created_at: sql`now()` })
        .where('admin_two_factor.confirmed_at', 'is', null),
    )
    .returning('admin_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records `step` as used, only if it is newer than the last one: of two requests with the same code, one
 * wins. False when the step was already used.
 */
export async function claimTimeStep(db: Kysely<Database>, adminId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('admin_two_factor')
    .set({ last_used_step: step })
    .where('admin_id', '=', adminId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('admin_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The enrolment becomes the admin's factor, with fresh recovery codes (any older ones are void). */
export async function confirmEnrolment(
  db: Kysely<Database>,
  adminId: number,
  recoveryCodeHashes: string[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('admin_two_factor')
      .set({ confirmed_at: sql`now()` })
      .where('admin_id', '=', adminId)
      .execute();
    await tx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await tx
      .insertInto('admin_recovery_codes')
      .values(recoveryCodeHashes.map((code_hash) => ({ admin_id: adminId, code_hash })))
      .execute();
  });
}

/** Uses up a recovery code: true only the first time, whoever asks at once. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  adminId: number,
  codeHash: string,
): Promise<boolean> {
  const row = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Kysely<Database>, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the factor and its recovery codes; false when the admin had none. */
export async function deleteTwoFactor(db: Kysely<Database>, adminId: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    const result = await tx.deleteFrom('admin_two_factor').where('admin_id', '=', adminId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
