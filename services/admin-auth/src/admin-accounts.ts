// Managing admin accounts outside the HTTP API: the `npm run admin` CLI and the embedded start's
// "create the admin from the environment if missing". Every new password passes the shared rule.
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { AdminRole, Database } from '@bodymetrics/db';
import { adminUsernameSchema } from '@bodymetrics/contracts';
import { newPasswordProblem } from './password-policy';
import { hashPassword } from './password-hash';
import { findAdminByUsername, insertAdmin, updatePasswordHash, type Admin } from './admin-users.repository';
import { deleteSessionsOfAdmin } from './admin-sessions.repository';
import { changeAccount } from './account-changes';

/** A refusal with a message meant for the person at the terminal. */
export class AdminAccountError extends Error {
  override readonly name = 'AdminAccountError';
}

/** The username or e-mail is taken (409 over HTTP). */
export class AdminExistsError extends AdminAccountError {}

const emailSchema = z.email().max(254);

function checkPassword(password: string, username: string): void {
  const problem = newPasswordProblem(password, username);
  if (problem) throw new AdminAccountError(problem);
}

async function existingAdmin(db: Kysely<Database>, username: string): Promise<Admin> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminAccountError(`No admin named "${username}"`);
  return admin;
}

export interface PublicAdmin {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
}
export const publicView = ({ id, username, email, role, isActive }: Admin): PublicAdmin => ({
  id,
  username,
  email,
  role,
  isActive,
});

export async function createAdmin(
  db: Kysely<Database>,
  input: { username: string; email: string; password: string; role?: AdminRole },
): Promise<PublicAdmin> {
  const username = adminUsernameSchema.safeParse(input.username);
  if (!username.success) throw new AdminAccountError('The username must be 1 to 64 characters');
  const email = emailSchema.safeParse(input.email.trim());
  if (!email.success) throw new AdminAccountError(`"${input.email}" is not a valid e-mail address`);
  checkPassword(input.password, username.data);

  const clash = await db
    .selectFrom('admin_users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb('username', '=', username.data),
        eb(eb.fn('lower', ['email']), '=', email.data.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (clash?.username === username.data)
    throw new AdminExistsError(`An admin named "${username.data}" already exists`);
  if (clash)
    throw new AdminExistsError(`The e-mail ${email.data} already belongs to admin "${clash.username}"`);

  return publicView(
    await insertAdmin(db, {
      username: username.data,
      email: email.data,
      passwordHash: await hashPassword(input.password),
      role: input.role ?? 'admin',
    }),
  );
}

/** Sets a new password and signs the admin out everywhere. */
export async function setAdminPassword(
  db: Kysely<Database>,
  input: { username: string; password: string },
): Promise<PublicAdmin> {
  checkPassword(input.password, input.username);
  const admin = await existingAdmin(db, input.username);
  const hash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, admin.id, hash);
    await deleteSessionsOfAdmin(trx, admin.id);
  });
  return publicView(admin);
}

/**
 * Disabling also ends the admin's sessions at once; enabling lets them log in again. The last active admin
 * cannot be disabled (LastActiveAdminError).
 */
export async function setAdminActive(
  db: Kysely<Database>,
  input: { username: string; active: boolean },
): Promise<PublicAdmin> {
  const admin = await existingAdmin(db, input.username);
  await changeAccount(db, admin.id, { isActive: input.active });
  return { ...publicView(admin), isActive: input.active };
}

/** `admin` may change everything, `viewer` only reads; the last active admin cannot be demoted. */
export async function setAdminRole(
  db: Kysely<Database>,
  input: { username: string; role: AdminRole },
): Promise<PublicAdmin> {
  const admin = await existingAdmin(db, input.username);
  await changeAccount(db, admin.id, { role: input.role });
  return { ...publicView(admin), role: input.role };
}

/**
 * The embedded start's first-run admin (ADMIN_USERNAME / ADMIN_PASSWORD): created when missing, left as
 * it is when it exists (its password may have been changed since; the environment does not overwrite it).
 */
export async function ensureAdminFromEnv(
  db: Kysely<Database>,
  { username, password, email }: { username: string; password: string; email?: string | undefined },
): Promise<{ created: boolean; admin: PublicAdmin }> {
  const existing = await findAdminByUsername(db, username.trim());
  if (existing) return { created: false, admin: publicView(existing) };
  const admin = await createAdmin(db, {
    username,
    password,
    email: email ?? `${username.trim()}@bodymetrics.local`,
  });
  return { created: true, admin };
}
