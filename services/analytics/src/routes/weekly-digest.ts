// The weekly digest's admin routes: the logged-in admin's opt-in, and "Trimite-mi unul
// acum" — last week's digest to their own address now, rate limited per admin (the mail goes only to the
// account's address, never to one the request names). Behind the admin session (app.ts); the gateway
// refuses the two writes from another origin (/api/analytics/ is a same-origin area).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { weeklyDigestRoutes } from '@bodymetrics/contracts';
import { HttpError, routeOptions, serviceUnavailable, unauthorized } from '@bodymetrics/service-kit';
import { rateLimiter } from '@bodymetrics/service-kit/rate-limit';
import { revenueCurrencyOf, type AnalyticsDeps } from '../deps';
import { sendDigest } from '../digest/send-digest';
import { lastCompletedWeek } from '../digest/week';

/** Default limit of "send me one now": 3 per admin per hour. */
export const defaultSendNowLimit = { max: 3, windowMs: 60 * 60 * 1000 };

export const weeklyDigestRoutesPlugin: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limit = deps.sendNowLimit ?? defaultSendNowLimit;
  // In Postgres: the count outlives a restart and is one however many processes serve this route (the
  // analytics service and the gateway's in-process copy).
  const sendNow = rateLimiter('digest-send-now', limit, { kind: 'postgres', db });

  const adminOf = async (adminId: number | undefined) => {
    if (adminId === undefined) throw unauthorized();
    const admin = await db
      .selectFrom('admin_users')
      .select(['id', 'email', 'weekly_digest'])
      .where('id', '=', adminId)
      .executeTakeFirst();
    if (!admin) throw unauthorized();
    return admin;
  };

  app.route({
    ...routeOptions(weeklyDigestRoutes.settings),
    handler: async (request) => {
      const admin = await adminOf(request.adminSession?.adminId);
      return { optedIn: admin.weekly_digest, email: admin.email };
    },
  });

  app.route({
    ...routeOptions(weeklyDigestRoutes.updateSettings),
    handler: async (request) => {
      const admin = await adminOf(request.adminSession?.adminId);
      await db
        .updateTable('admin_users')
        .set({ weekly_digest: request.body.optedIn })
        .where('id', '=', admin.id)
        .execute();
      return { optedIn: request.body.optedIn, email: admin.email };
    },
  });

  app.route({
    ...routeOptions(weeklyDigestRoutes.sendNow),
    handler: async (request) => {
      const admin = await adminOf(request.adminSession?.adminId);
      if (!deps.mailer) throw serviceUnavailable('mail is not configured for the analytics service');
      await sendNow.takeOrRefuse(
        String(admin.id),
        `at most ${limit.max} digests on request per ${Math.round(limit.windowMs / 60000)} minutes`,
      );
      const at = now();
      const week = lastCompletedWeek(at, deps.timeZone);
      try {
        await sendDigest(
          { db, mailer: deps.mailer, revenueCurrency: revenueCurrencyOf(deps) },
          admin.email,
          week,
        );
      } catch {
        throw new HttpError(
          502,
          'mail_delivery_failed',
          'the mail server did not take the digest; try again later',
        );
      }
      return { sent: true as const, to: admin.email, weekStart: week.from };
    },
  });
};
