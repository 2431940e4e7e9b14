// The admin-session guard (design.md §4): every analytics read, reset-all-data and the admin side of
// /analytics-ws require a valid, unexpired session of an active admin, from the HttpOnly cookie or an
// `Authorization: Bearer` header. One function decides, so HTTP and WebSocket cannot disagree.
import { parse as parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@bodymetrics/db';
import { unauthorized } from './http-error';

export const adminSessionCookie = 'bm_admin_session';
/**
 * The cookie's name on an https site: the `__Host-` prefix makes the browser accept it only with Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it (cookie tossing).
 */
export const secureAdminSessionCookie = `__Host-${adminSessionCookie}`;

export interface AdminSession {
  sessionId: string;
  adminId: number;
  username: string;
  expiresAt: Date;
}

/**
 * The session id a request carries: the cookie first (the `__Host-` name before the plain one, whichever
 * the site uses), then a bearer token.
 */
export function sessionIdFromHeaders(headers: {
  cookie?: string | undefined;
  authorization?: string | undefined;
}): string | undefined {
  const cookies = headers.cookie ? parseCookie(headers.cookie) : undefined;
  const fromCookie = cookies?.[secureAdminSessionCookie] || cookies?.[adminSessionCookie];
  if (fromCookie) return fromCookie;
  const auth = headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

export async function findActiveAdminSession(
  db: Db,
  sessionId: string | undefined,
): Promise<AdminSession | null> {
  // A cookie may carry %00, which decodes to a NUL that Postgres refuses (22021): no session has one.
  if (!sessionId || sessionId.length > 200 || sessionId.includes('\u0000')) return null;
  const row = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_id')
    .select(['s.session_id', 's.admin_id', 's.expires_at', 'u.username'])
    .where('s.session_id', '=', sessionId)
    .where('s.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  return row
    ? { sessionId: row.session_id, adminId: row.admin_id, username: row.username, expiresAt: row.expires_at }
    : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: AdminSession;
  }
}

/**
 * A hook that answers 401 unless the request carries a valid admin session. Every answer of a guarded
 * route — operator data, an export, or the 401 — is `Cache-Control: no-store`, so no browser or proxy cache
 * keeps a copy for the next person at that computer (OWASP Session Management: authenticated content).
 */
export function requireAdminSession(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store');
    const session = await findActiveAdminSession(db, sessionIdFromHeaders(request.headers));
    if (!session) throw unauthorized();
    request.adminSession = session;
  };
}
