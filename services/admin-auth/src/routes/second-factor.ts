// The sign-in's second step (POST /api/admin/auth/second-factor): the token the password step answered with
// and a TOTP or recovery code → the session. The token works for one success and a few minutes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuthRoutes } from '@bodymetrics/contracts';
import { routeOptions } from '@bodymetrics/service-kit';
import { deleteChallenge, findChallenge } from '../login-challenges.repository';
import { checkSecondFactor, signInExpired } from '../second-factor-check';
import { startSession } from '../start-session';
import type { TwoFactorRoutesOptions } from './two-factor';

export const secondFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, deps) => {
  const { db } = deps;

  app.route({
    ...routeOptions(adminAuthRoutes.secondFactor),
    handler: async (request, reply) => {
      const { pendingToken, code } = request.body;
      const challenge = await findChallenge(db, pendingToken, 'code');
      if (!challenge) throw signInExpired();
      const kind = await checkSecondFactor(deps, request, challenge.adminId, code, 'totp-or-recovery');
      await deleteChallenge(db, pendingToken);
      const started = await startSession(deps, reply, {
        id: challenge.adminId,
        username: challenge.username,
      });
      request.log.info({ username: challenge.username, kind }, 'admin logged in with a second factor');
      return started;
    },
  });
};
