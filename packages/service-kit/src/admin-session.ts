// The admin-session guard (design.md §4): every analytics read, reset-all-data and the admin side of
// /analytics-ws require a valid, unexpired session of an active admin, from the HttpOnly cookie or an
// `Authorization: Bearer` header. One function decides, so HTTP and WebSocket cannot disagree.
import { parse as parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRole, Db } from '@bodymetrics/db';
import { findUsableApiKey, looksLikeApiKey, type ApiKeyCaller } from './api-keys';
import { HttpError, unauthorized } from './http-error';
import type { RateLimiter } from './rate-limit';

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
  role: AdminRole;
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
    .select(['s.session_id', 's.admin_id', 's.expires_at', 'u.username', 'u.role'])
    .where('s.session_id', '=', sessionId)
    .where('s.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  return row
    ? {
        sessionId: row.session_id,
        adminId: row.admin_id,
        username: row.username,
        role: row.role,
        expiresAt: row.expires_at,
      }
    : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: AdminSession;
    /** Set instead of adminSession when a read was made with an API key. */
    apiKey?: ApiKeyCaller;
  }
}

/** Where API keys are accepted: reads only (GET, HEAD) of these route paths, each key within `limiter`. */
export interface ApiKeyAccess {
  readPaths: ReadonlySet<string>;
  limiter: RateLimiter;
}

const reads = new Set(['GET', 'HEAD']);

export const viewerRefused = () =>
  new HttpError(403, 'forbidden', 'This account can only read: changes need an admin (role admin)');
const apiKeyRefused = () =>
  new HttpError(403, 'forbidden', 'An API key only reads the analytics; it cannot change anything');

/** An API key's request: a known, unrevoked key, on a read it may make, within its per-key budget. */
async function admitApiKey(db: Db, key: string, request: FastifyRequest, access?: ApiKeyAccess) {
  const caller = await findUsableApiKey(db, key);
  if (!caller) throw unauthorized();
  if (!access || !reads.has(request.method) || !access.readPaths.has(request.routeOptions.url ?? ''))
    throw apiKeyRefused();
  await access.limiter.takeOrRefuse(
    `key:${caller.id}`,
    (s) => `Too many requests with this API key; try again in ${s} s`,
  );
  request.apiKey = caller;
}

/**
 * A hook that answers 401 unless the request carries a valid admin session. Every answer of a guarded
 * route — operator data, an export, or the 401 — is `Cache-Control: no-store`, so no browser or proxy cache
 * keeps a copy for the next person at that computer (OWASP Session Management: authenticated content).
 * The one place roles are enforced: a request that changes state (any method but GET and HEAD) needs an
 * account of role `admin` (a viewer gets 403). A bearer token in the API key's shape (`bm_…`) is checked
 * as a key, never as a session: accepted only on the reads `apiKeys` names (403 elsewhere, 401 unknown or
 * revoked — the key's row is read on every request, so a revocation holds at once).
 */
export function requireAdminSession(db: Db, apiKeys?: ApiKeyAccess) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('cache-control', 'no-store');
    const token = sessionIdFromHeaders(request.headers);
    if (token && looksLikeApiKey(token)) return admitApiKey(db, token, request, apiKeys);
    const session = await findActiveAdminSession(db, token);
    if (!session) throw unauthorized();
    if (session.role !== 'admin' && !reads.has(request.method)) throw viewerRefused();
    request.adminSession = session;
  };
}
