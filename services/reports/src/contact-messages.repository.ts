// Contact messages (table contact_messages): what visitors wrote, kept for the operator.
import type { Kysely, Transaction } from 'kysely';
import type { ContactReason } from '@bodymetrics/contracts';
import type { Database } from '@bodymetrics/db';
import { asDate } from './timestamps';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ContactMessage {
  id: number;
  fullName: string;
  email: string;
  reason: ContactReason;
  message: string;
  ipAddress: string | null;
  forwardedAt: Date | null;
  createdAt: Date;
}

export async function storeContactMessage(
  db: Executor,
  m: { fullName: string; email: string; reason: ContactReason; message: string; ipAddress: string | null },
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      full_name: m.fullName,
      email: m.email,
      reason: m.reason,
      message: m.message,
      ip_address: m.ipAddress,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markContactMessageForwarded(db: Executor, id: number): Promise<void> {
  await db.updateTable('contact_messages').set({ forwarded_at: new Date() }).where('id', '=', id).execute();
}

export async function listContactMessages(db: Executor): Promise<ContactMessage[]> {
  const rows = await db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    reason: r.reason,
    message: r.message,
    ipAddress: r.ip_address,
    forwardedAt: r.forwarded_at,
    createdAt: asDate(r.created_at),
  }));
}
