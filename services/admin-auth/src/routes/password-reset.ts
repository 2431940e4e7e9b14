// POST /api/admin/forgot-password and /api/admin/reset-password: a one-time link by e-mail, then a new
// password (spec §2 "Admin password reset", §5 "Password reset").
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuthRoutes } from '@bodymetrics/contracts';
import { HttpError, rateLimitKey, routeOptions } from '@bodymetrics/service-kit';
import { resetTokenTtlMinutes, type AdminAuthDeps } from '../deps';
import { consumeOrThrow, consumeQuietly, type RateLimiters } from '../rate-limits';
import { findAdminByEmail, findAdminByEmailOrUsername, updatePasswordHash } from '../admin-users.repository';
import { deleteSessionsOfAdmin } from '../admin-sessions.repository';
import {
  findUsableReset,
  insertPasswordReset,
  spendOtherResetsOf,
  spendReset,
} from '../password-resets.repository';
import { hashPassword } from '../password-hash';
import { newPasswordProblem } from '../password-policy';
import type { AnnounceSessionsRevoked } from '../sessions-revoked';
import { newResetToken, sha256Hex } from '../secrets';
import { resetLink, resetMail } from '../reset-mail';

/** The same words whether or not the account exists: the answer must not reveal who is an admin. */
export const forgotPasswordAnswer =
  'Dacă datele aparțin unui cont de administrator, vei primi în curând un e-mail cu linkul de resetare.';

const invalidToken = () => new HttpError(400, 'invalid_token', 'Link de resetare invalid sau expirat');

export interface PasswordResetOptions extends AdminAuthDeps {
  limiters: RateLimiters;
  /** Work that outlives its request (the reset mail); the app waits for it on close. */
  background: (task: () => Promise<void>, log: FastifyBaseLogger) => void;
  sessionsRevoked: AnnounceSessionsRevoked;
}

const passwordRefused = (problem: string) =>
  new HttpError(400, 'validation_error', problem, [{ field: 'password', message: problem }]);

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetOptions> = async (app, deps) => {
  const { db, limiters, mailer, publicBaseUrl, background, sessionsRevoked } = deps;

  /** Issues a token and mails the link, if the request names an active admin who has not had too many. */
  async function mailResetLink(identifier: string, log: FastifyBaseLogger): Promise<void> {
    const admin = await findAdminByEmailOrUsername(db, identifier);
    if (!admin?.isActive) return;
    if (!(await consumeQuietly(limiters.resetMail, String(admin.id)))) {
      log.warn({ username: admin.username }, 'reset mail withheld: too many for this account');
      return;
    }
    const token = newResetToken();
    await insertPasswordReset(db, {
      email: admin.email,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + resetTokenTtlMinutes * 60_000),
    });
    await mailer.send(
      resetMail({
        to: admin.email,
        username: admin.username,
        link: resetLink(publicBaseUrl, token),
        validMinutes: resetTokenTtlMinutes,
      }),
    );
    log.info({ username: admin.username }, 'password reset link mailed');
  }

  app.route({
    ...routeOptions(adminAuthRoutes.forgotPassword),
    handler: async (request) => {
      await consumeOrThrow(limiters.forgotIp, rateLimitKey(request.ip));
      const identifier = (request.body.email || request.body.username) ?? '';
      // Looked up and mailed after the answer: a known account must not take measurably longer.
      background(() => mailResetLink(identifier, request.log), request.log);
      return { success: true as const, message: forgotPasswordAnswer };
    },
  });

  app.route({
    ...routeOptions(adminAuthRoutes.resetPassword),
    handler: async (request) => {
      const { token, password } = request.body;
      // The rules first: a refused password leaves the link usable for a second try.
      const problem = newPasswordProblem(password, undefined);
      if (problem) throw passwordRefused(problem);

      const tokenHash = sha256Hex(token);
      // Cheap check before the deliberately slow hash, so junk tokens cost no scrypt work.
      const usable = await findUsableReset(db, tokenHash);
      if (!usable) throw invalidToken();
      // Only a valid link tells whose password it is: then the username rule can be checked too.
      const owner = await findAdminByEmail(db, usable.email);
      const ownerProblem = owner ? newPasswordProblem(password, owner.username) : null;
      if (ownerProblem) throw passwordRefused(ownerProblem);
      const passwordHash = await hashPassword(password);

      const { username, adminId } = await db.transaction().execute(async (trx) => {
        const reset = await spendReset(trx, tokenHash);
        if (!reset) throw invalidToken();
        const admin = await findAdminByEmail(trx, reset.email);
        if (!admin?.isActive) throw invalidToken();
        await updatePasswordHash(trx, admin.id, passwordHash);
        await spendOtherResetsOf(trx, admin.email);
        await deleteSessionsOfAdmin(trx, admin.id);
        return { username: admin.username, adminId: admin.id };
      });
      await sessionsRevoked({ adminId });
      request.log.info({ username }, 'admin password reset');
      return { success: true as const };
    },
  });
};
