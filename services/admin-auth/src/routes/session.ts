// POST /api/admin/login, /logout, /validate-session (spec §7 "Admin", design.md §4 Admin session).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuthRoutes } from '@bodymetrics/contracts';
import {
  clientNetwork,
  findActiveAdminSession,
  HttpError,
  rateLimitKey,
  routeOptions,
  sessionIdFromHeaders,
} from '@bodymetrics/service-kit';
import type { LoginChallengePurpose } from '@bodymetrics/db';
import type { AdminAuthDeps } from '../deps';
import type { RateLimiters } from '../rate-limits';
import { consumeOrThrow, consumeQuietly, throwIfExhausted } from '../rate-limits';
import { hasDeviceMarker } from '../device-marker';
import type { AnnounceSessionsRevoked } from '../sessions-revoked';
import { findAdminByUsername } from '../admin-users.repository';
import { deleteSession } from '../admin-sessions.repository';
import { createChallenge } from '../login-challenges.repository';
import { verifyPassword } from '../password-hash';
import { clearedSessionCookie } from '../session-cookie';
import { startSession } from '../start-session';
import { findTwoFactor } from '../two-factor.repository';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid username or password');

/** Counted per username whatever its case, so "Admin" and "admin" share one budget. */
const usernameKey = (username: string) => username.toLowerCase();

export interface SessionRoutesOptions extends AdminAuthDeps {
  limiters: RateLimiters;
  /** The device-marker signing key (see device-marker.ts). */
  deviceKey: () => Promise<string>;
  sessionsRevoked: AnnounceSessionsRevoked;
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, deps) => {
  const { db, limiters, cookieSecure, deviceKey, sessionsRevoked, twoFactorRequired } = deps;

  app.route({
    ...routeOptions(adminAuthRoutes.login),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const user = usernameKey(username);
      // Hard limits only where the attempts come from (OWASP Authentication Cheat Sheet): per address,
      // per network, and per (username, network) — a guesser is stopped, the operator elsewhere is not.
      const fromHere = `${user}|${clientNetwork(request.ip)}`;
      await consumeOrThrow(limiters.loginIp, rateLimitKey(request.ip));
      await consumeOrThrow(limiters.loginNetwork, clientNetwork(request.ip));
      await throwIfExhausted(limiters.loginUsernameNetwork, fromHere);
      // Per username only a growing wait, which a browser that signed in as this username before skips.
      const key = await deviceKey();
      const knownDevice = hasDeviceMarker(key, user, request.headers.cookie);
      if (!knownDevice) await limiters.loginUsername.throwIfWaiting(user);

      const admin = await findAdminByUsername(db, username);
      // The hash is computed for unknown users too (against a dummy), so timing does not tell who exists.
      const passwordMatches = await verifyPassword(password, admin?.passwordHash);
      if (!admin || !passwordMatches || !admin.isActive) {
        await consumeQuietly(limiters.loginUsernameNetwork, fromHere);
        await limiters.loginUsername.failed(user);
        request.log.info({ username, ip: request.ip, knownDevice }, 'admin login refused');
        throw invalidCredentials();
      }

      // Only the count of this network is cleared: the guesses made elsewhere still count (and still
      // slow down browsers without a marker) until they age out.
      await limiters.loginUsernameNetwork.forget(fromHere);
      // With a second factor (or one required and none yet) the password earns a short-lived token only.
      const factor = await findTwoFactor(db, admin.id);
      const next: LoginChallengePurpose | null = factor?.confirmed
        ? 'code'
        : twoFactorRequired
          ? 'enrol'
          : null;
      if (next) {
        const challenge = await createChallenge(db, admin.id, next);
        request.log.info({ username: admin.username, next }, 'admin password accepted, second factor next');
        return {
          success: false as const,
          secondFactor: next,
          pendingToken: challenge.token,
          expiresInSeconds: challenge.expiresInSeconds,
        };
      }
      const started = await startSession(deps, reply, admin);
      request.log.info({ username: admin.username }, 'admin logged in');
      return started;
    },
  });

  app.route({
    ...routeOptions(adminAuthRoutes.logout),
    handler: async (request, reply) => {
      const sessionId = request.body.sessionId || sessionIdFromHeaders(request.headers);
      if (sessionId) {
        await deleteSession(db, sessionId);
        // The dashboard's live socket of this session closes now, not at live's next re-check.
        await sessionsRevoked({ sessionIds: [sessionId] });
      }
      reply.header('set-cookie', clearedSessionCookie({ secure: cookieSecure }));
      return { success: true as const };
    },
  });

  app.route({
    ...routeOptions(adminAuthRoutes.validateSession),
    handler: async (request) => {
      const session = await findActiveAdminSession(
        db,
        request.body.sessionId || sessionIdFromHeaders(request.headers),
      );
      return session ? { valid: true, username: session.username, role: session.role } : { valid: false };
    },
  });
};
