// The admin command's remove-2fa: an operator who lost the authenticator and the recovery codes gets their
// second factor removed from a terminal (someone with access to the database), and signs in with the
// password again — then enrols anew, which ADMIN_2FA_REQUIRED asks for at that sign-in.
import type { Kysely } from 'kysely';
import type { Database } from '@bodymetrics/db';
import { AdminAccountError } from './admin-accounts';
import { findAdminByUsername } from './admin-users.repository';
import { deleteTwoFactor } from './two-factor.repository';

export async function removeTwoFactor(db: Kysely<Database>, username: string): Promise<string> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminAccountError(`No admin named "${username}"`);
  // Tokens of a sign-in in progress go too: they were issued for the factor now removed.
  await db.deleteFrom('admin_login_challenges').where('admin_id', '=', admin.id).execute();
  if (!(await deleteTwoFactor(db, admin.id))) return `"${username}" has no second factor; nothing changed.`;
  return `Second factor of "${username}" removed, with its recovery codes; they sign in with the password and can enrol again.`;
}
