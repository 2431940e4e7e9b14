// Changing another account's role or whether it may sign in — from the dashboard's "Administratori" panel
// and from the CLI. One rule guards both: the product always keeps at least one active admin, so no change
// may demote or disable the last one (the only way back in would be the database).
import { sql, type Kysely } from 'kysely';
import type { AdminRole, Database } from '@bodymetrics/db';
import { deleteSessionsOfAdmin } from './admin-sessions.repository';

/** The change would leave no active admin (409 over HTTP). */
export class LastActiveAdminError extends Error {
  override readonly name = 'LastActiveAdminError';
  constructor() {
    super('The last active admin cannot be demoted or disabled: make another account admin first');
  }
}

export interface AccountChange {
  role?: AdminRole | undefined;
  isActive?: boolean | undefined;
}

export interface ChangedAccount {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
  /** The account's sessions were ended (disabled): live closes their sockets on being told. */
  sessionsEnded: boolean;
}

/**
 * Applies `change` to the account `adminId` (null when there is none). The active admins are locked while
 * counted, so two admins demoting each other at once cannot both succeed.
 */
export async function changeAccount(
  db: Kysely<Database>,
  adminId: number,
  change: AccountChange,
): Promise<ChangedAccount | null> {
  return db.transaction().execute(async (trx) => {
    const activeAdmins = await trx
      .selectFrom('admin_users')
      .select('id')
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .orderBy('id')
      .forUpdate()
      .execute();
    const current = await trx
      .selectFrom('admin_users')
      .select(['id', 'username', 'email', 'role', 'is_active'])
      .where('id', '=', adminId)
      .executeTakeFirst();
    if (!current) return null;
    const role = change.role ?? current.role;
    const isActive = change.isActive ?? current.is_active;
    const staysActiveAdmin = role === 'admin' && isActive;
    const isOnlyActiveAdmin = activeAdmins.length === 1 && activeAdmins[0]?.id === adminId;
    if (isOnlyActiveAdmin && !staysActiveAdmin) throw new LastActiveAdminError();
    await trx
      .updateTable('admin_users')
      .set({ role, is_active: isActive, updated_at: sql`now()` })
      .where('id', '=', adminId)
      .execute();
    const sessionsEnded = current.is_active && !isActive;
    if (sessionsEnded) await deleteSessionsOfAdmin(trx, adminId);
    return {
      id: current.id,
      username: current.username,
      email: current.email,
      role,
      isActive,
      sessionsEnded,
    };
  });
}
