// admin_users, mapped to the Admin domain type.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminRole, AdminUsersTable, Database } from '@bodymetrics/db';

export interface Admin {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  isActive: boolean;
}

const toAdmin = (r: Selectable<AdminUsersTable>): Admin => ({
  id: r.id,
  username: r.username,
  email: r.email,
  passwordHash: r.password_hash,
  role: r.role,
  isActive: r.is_active,
});

export async function findAdminByUsername(db: Kysely<Database>, username: string): Promise<Admin | null> {
  const row = await db
    .selectFrom('admin_users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? toAdmin(row) : null;
}

/** The admin a "forgot password" request names: by e-mail (any case) or by username. */
export async function findAdminByEmailOrUsername(
  db: Kysely<Database>,
  identifier: string,
): Promise<Admin | null> {
  const row = await db
    .selectFrom('admin_users')
    .selectAll()
    .where((eb) =>
      eb.or([eb(sql`lower(email)`, '=', identifier.toLowerCase()), eb('username', '=', identifier)]),
    )
    .orderBy('id')
    .executeTakeFirst();
  return row ? toAdmin(row) : null;
}

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<Admin | null> {
  const row = await db.selectFrom('admin_users').selectAll().where('email', '=', email).executeTakeFirst();
  return row ? toAdmin(row) : null;
}

export async function insertAdmin(
  db: Kysely<Database>,
  admin: { username: string; email: string; passwordHash: string; role: AdminRole },
): Promise<Admin> {
  const row = await db
    .insertInto('admin_users')
    .values({
      username: admin.username,
      email: admin.email,
      password_hash: admin.passwordHash,
      role: admin.role,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAdmin(row);
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  adminId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', adminId)
    .execute();
}

export async function listAdmins(db: Kysely<Database>): Promise<Admin[]> {
  const rows = await db.selectFrom('admin_users').selectAll().orderBy('id').execute();
  return rows.map(toAdmin);
}
