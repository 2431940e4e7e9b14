// Enrolling and removing the second factor (POST /api/admin/auth/two-factor[/start|/confirm|/disable]): the
// signed-in admin, or — when ADMIN_2FA_REQUIRED and the admin has none — the holder of the enrolment token
// the password step answered with, which allows these routes and nothing else.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuthRoutes } from '@bodymetrics/contracts';
import {
  findActiveAdminSession,
  HttpError,
  routeOptions,
  sessionIdFromHeaders,
  unauthorized,
} from '@bodymetrics/service-kit';
import type { Db } from '@bodymetrics/db';
import type { AdminAuthDeps } from '../deps';
import type { RateLimiters } from '../rate-limits';
import { deleteChallenge, findChallenge } from '../login-challenges.repository';
import { newRecoveryCodes, recoveryCodeHash } from '../recovery-codes';
import { checkSecondFactor, signInExpired } from '../second-factor-check';
import { startSession } from '../start-session';
import { newTotpSecret, otpauthUriOf, qrCodeDataUrlOf } from '../totp';
import {
  confirmEnrolment,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  findTwoFactor,
  startEnrolment,
} from '../two-factor.repository';

export interface TwoFactorRoutesOptions extends AdminAuthDeps {
  limiters: RateLimiters;
  deviceKey: () => Promise<string>;
}

const factorActive = () =>
  new HttpError(409, 'two_factor_active', 'A second factor is already active: remove it first');

interface Enrolling {
  adminId: number;
  username: string;
  /** Came with the enrolment token (no session yet). */
  pendingToken: string | undefined;
}

/** The admin a two-factor request is for: by the enrolment token if given, else by the session. */
async function enrollingAdmin(
  db: Db,
  request: FastifyRequest,
  pendingToken: string | undefined,
): Promise<Enrolling> {
  if (pendingToken) {
    const challenge = await findChallenge(db, pendingToken, 'enrol');
    if (!challenge) throw signInExpired();
    return { ...challenge, pendingToken };
  }
  const session = await findActiveAdminSession(db, sessionIdFromHeaders(request.headers));
  if (!session) throw unauthorized();
  return { adminId: session.adminId, username: session.username, pendingToken: undefined };
}

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, deps) => {
  const { db } = deps;
  const required = deps.twoFactorRequired ?? false;

  app.route({
    ...routeOptions(adminAuthRoutes.twoFactorStatus),
    handler: async (request) => {
      const { adminId } = await enrollingAdmin(db, request, request.body.pendingToken);
      const factor = await findTwoFactor(db, adminId);
      return {
        enabled: factor?.confirmed ?? false,
        required,
        recoveryCodesLeft: factor?.confirmed ? await countRecoveryCodesLeft(db, adminId) : 0,
      };
    },
  });

  app.route({
    ...routeOptions(adminAuthRoutes.twoFactorStart),
    handler: async (request) => {
      const { adminId, username } = await enrollingAdmin(db, request, request.body.pendingToken);
      const secret = newTotpSecret();
      if (!(await startEnrolment(db, adminId, secret))) throw factorActive();
      const otpauthUri = otpauthUriOf(secret, username);
      return { secret, otpauthUri, qrCodeDataUrl: await qrCodeDataUrlOf(otpauthUri) };
    },
  });

  app.route({
    ...routeOptions(adminAuthRoutes.twoFactorConfirm),
    handler: async (request, reply) => {
      const who = await enrollingAdmin(db, request, request.body.pendingToken);
      const factor = await findTwoFactor(db, who.adminId);
      if (!factor) throw new HttpError(409, 'no_enrolment', 'Start the enrolment first');
      if (factor.confirmed) throw factorActive();
      await checkSecondFactor(deps, request, who.adminId, request.body.code, 'totp', false);
      const recoveryCodes = newRecoveryCodes();
      await confirmEnrolment(db, who.adminId, recoveryCodes.map(recoveryCodeHash));
      request.log.info({ username: who.username }, 'admin enrolled a second factor');
      if (!who.pendingToken) return { recoveryCodes };
      // Password and a first code: the sign-in that needed the enrolment is complete.
      await deleteChallenge(db, who.pendingToken);
      const session = await startSession(deps, reply, { id: who.adminId, username: who.username });
      return { recoveryCodes, session };
    },
  });

  app.route({
    ...routeOptions(adminAuthRoutes.twoFactorDisable),
    handler: async (request) => {
      const session = await findActiveAdminSession(db, sessionIdFromHeaders(request.headers));
      if (!session) throw unauthorized();
      if (required)
        throw new HttpError(409, 'two_factor_required', 'A second factor is required for every admin');
      const factor = await findTwoFactor(db, session.adminId);
      if (!factor?.confirmed) throw new HttpError(409, 'no_two_factor', 'No second factor to remove');
      await checkSecondFactor(deps, request, session.adminId, request.body.code, 'totp');
      await deleteTwoFactor(db, session.adminId);
      request.log.info({ username: session.username }, 'admin removed their second factor');
      return { success: true as const };
    },
  });
};
