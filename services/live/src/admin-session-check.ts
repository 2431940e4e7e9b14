// One admin-session check for the socket's three moments (upgrade headers, an `auth` message, the periodic
// re-check), telling "no such valid session" apart from "the database did not answer".
import type { Db } from '@bodymetrics/db';
import { findActiveAdminSession, type AdminSession } from '@bodymetrics/service-kit';

export type AdminSessionCheck =
  | { status: 'valid'; session: AdminSession }
  | { status: 'invalid' }
  | { status: 'absent' }
  | { status: 'error'; err: unknown };

export async function checkAdminSession(db: Db, sessionId: string | undefined): Promise<AdminSessionCheck> {
  if (!sessionId) return { status: 'absent' };
  try {
    const session = await findActiveAdminSession(db, sessionId);
    return session ? { status: 'valid', session } : { status: 'invalid' };
  } catch (err) {
    return { status: 'error', err };
  }
}
