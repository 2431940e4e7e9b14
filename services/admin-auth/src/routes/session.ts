// POST /api/admin/login, /logout, /validate-session (spec §7 "Admin", design.md §4 Admin session).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginBodySchema,
  adminLoginResultSchema,
  adminSessionBodySchema,
  successResultSchema,
  validateSessionResultSchema,
} from '@bodymetrics/contracts';
import { findActiveAdminSession, HttpError, sessionIdFromHeaders } from '@bodymetrics/service-kit';
import type { AdminAuthDeps } from '../deps';
import type { RateLimiters } from '../rate-limits';
import { consumeOrThrow, consumeQuietly, throwIfExhausted } from '../rate-limits';
import { findAdminByUsername } from '../admin-users.repository';
import { deleteExpiredSessionsOfAdmin, deleteSession, insertSession } from '../admin-sessions.repository';
import { verifyPassword } from '../password-hash';
import { newSessionId } from '../secrets';
import { clearedSessionCookie, sessionCookie } from '../session-cookie';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid username or password');

/** Counted per username whatever its case, so "Admin" and "admin" share one budget. */
const usernameKey = (username: string) => username.toLowerCase();

export const sessionRoutes: FastifyPluginAsyncZod<AdminAuthDeps & { limiters: RateLimiters }> = async (
  app,
  deps,
) => {
  const { db, limiters, sessionTtlHours, cookieSecure } = deps;

  app.post(
    '/api/admin/login',
    { schema: { body: adminLoginBodySchema, response: { 200: adminLoginResultSchema } } },
    async (request, reply) => {
      const { username, password } = request.body;
      await consumeOrThrow(limiters.loginIp, request.ip);
      await throwIfExhausted(limiters.loginUsername, usernameKey(username));

      const admin = await findAdminByUsername(db, username);
      // The hash is computed for unknown users too (against a dummy), so timing does not tell who exists.
      const passwordMatches = await verifyPassword(password, admin?.passwordHash);
      if (!admin || !passwordMatches || !admin.isActive) {
        await consumeQuietly(limiters.loginUsername, usernameKey(username));
        request.log.info({ username, ip: request.ip }, 'admin login refused');
        throw invalidCredentials();
      }

      await limiters.loginUsername.delete(usernameKey(username));
      const sessionId = newSessionId();
      await deleteExpiredSessionsOfAdmin(db, admin.id);
      await insertSession(db, {
        sessionId,
        adminId: admin.id,
        expiresAt: new Date(Date.now() + sessionTtlHours * 3600_000),
      });
      reply.header(
        'set-cookie',
        sessionCookie(sessionId, { maxAgeSeconds: Math.round(sessionTtlHours * 3600), secure: cookieSecure }),
      );
      request.log.info({ username: admin.username }, 'admin logged in');
      return { success: true as const, sessionId, username: admin.username };
    },
  );

  app.post(
    '/api/admin/logout',
    { schema: { body: adminSessionBodySchema, response: { 200: successResultSchema } } },
    async (request, reply) => {
      const sessionId = request.body.sessionId || sessionIdFromHeaders(request.headers);
      if (sessionId) await deleteSession(db, sessionId);
      reply.header('set-cookie', clearedSessionCookie({ secure: cookieSecure }));
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/validate-session',
    { schema: { body: adminSessionBodySchema, response: { 200: validateSessionResultSchema } } },
    async (request) => {
      const session = await findActiveAdminSession(
        db,
        request.body.sessionId || sessionIdFromHeaders(request.headers),
      );
      return session ? { valid: true, username: session.username } : { valid: false };
    },
  );
};
