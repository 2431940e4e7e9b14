// Shared views in the shared_views table (migration 2026-11-28T0710_shared_views): made with the hash of
// their token, listed for the admin, revoked, and found by the hash of a presented token.
import type { SharedView, SharedViewTab } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';

const columns = [
  'id',
  'name',
  'tabs',
  'password_hash',
  'expires_at',
  'created_by',
  'created_at',
  'revoked_at',
] as const;

export interface StoredSharedView extends SharedView {
  passwordHash: string | null;
}

type Row = {
  id: number;
  name: string;
  tabs: unknown;
  password_hash: string | null;
  expires_at: Date | null;
  created_by: string;
  created_at: Date;
  revoked_at: Date | null;
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const viewOf = (r: Row): StoredSharedView => ({
  id: r.id,
  name: r.name,
  // jsonb comes back parsed from both drivers; a text value (older driver settings) is parsed here.
  tabs: (typeof r.tabs === 'string' ? JSON.parse(r.tabs) : r.tabs) as SharedViewTab[],
  passwordProtected: r.password_hash !== null,
  passwordHash: r.password_hash,
  expiresAt: iso(r.expires_at),
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
  revokedAt: iso(r.revoked_at),
});

/** What the admin's list shows: everything but the password's hash. */
export const publicViewOf = ({ passwordHash: _hash, ...view }: StoredSharedView): SharedView => view;

export async function createSharedView(
  db: Db,
  view: {
    name: string;
    tabs: SharedViewTab[];
    tokenHash: string;
    passwordHash: string | null;
    expiresAt: string | null;
    createdBy: string;
  },
): Promise<StoredSharedView> {
  const row = await db
    .insertInto('shared_views')
    .values({
      name: view.name,
      tabs: JSON.stringify(view.tabs),
      token_hash: view.tokenHash,
      password_hash: view.passwordHash,
      expires_at: view.expiresAt,
      created_by: view.createdBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return viewOf(row);
}

export async function listSharedViews(db: Db): Promise<StoredSharedView[]> {
  const rows = await db.selectFrom('shared_views').select(columns).orderBy('id', 'desc').execute();
  return rows.map(viewOf);
}

/** Revokes the link (kept, marked); false when there is no such link. */
export async function revokeSharedView(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('shared_views')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  const exists = await db.selectFrom('shared_views').select('id').where('id', '=', id).executeTakeFirst();
  return exists !== undefined;
}

export async function findSharedViewByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<StoredSharedView | undefined> {
  const row = await db
    .selectFrom('shared_views')
    .select(columns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? viewOf(row) : undefined;
}
