// Who gets the weekly digest and the once-per-week claim (migration 2026-11-23T1220_weekly_digest).
import type { Db } from '@bodymetrics/db';

export interface DigestRecipient {
  adminId: number;
  email: string;
}

/** Active admins who opted in. */
export async function optedInAdmins(db: Db): Promise<DigestRecipient[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(['id', 'email'])
    .where('is_active', '=', true)
    .where('weekly_digest', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ adminId: r.id, email: r.email }));
}

/**
 * Claims (admin, week) for this scheduler: true for exactly one caller however many race (the primary
 * key). A claim a crashed sender left without sent_at is taken over once older than `staleAfterMs`, so a
 * crash between claim and send delays that admin's digest instead of losing it.
 */
export async function claimDigest(
  db: Db,
  adminId: number,
  weekStart: string,
  now: Date,
  staleAfterMs: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('weekly_digests_sent')
    .values({ admin_id: adminId, week_start: weekStart, claimed_at: now })
    .onConflict((oc) => oc.columns(['admin_id', 'week_start']).doNothing())
    .returning('admin_id')
    .executeTakeFirst();
  if (inserted) return true;
  const takenOver = await db
    .updateTable('weekly_digests_sent')
    .set({ claimed_at: now })
    .where('admin_id', '=', adminId)
    .where('week_start', '=', weekStart)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<', new Date(now.getTime() - staleAfterMs))
    .returning('admin_id')
    .executeTakeFirst();
  return !!takenOver;
}

export async function markDigestSent(db: Db, adminId: number, weekStart: string, now: Date): Promise<void> {
  await db
    .updateTable('weekly_digests_sent')
    .set({ sent_at: now })
    .where('admin_id', '=', adminId)
    .where('week_start', '=', weekStart)
    .execute();
}

/** The mail server refused: the claim goes, so the next tick tries again. */
export async function releaseDigestClaim(db: Db, adminId: number, weekStart: string): Promise<void> {
  await db
    .deleteFrom('weekly_digests_sent')
    .where('admin_id', '=', adminId)
    .where('week_start', '=', weekStart)
    .where('sent_at', 'is', null)
    .execute();
}
