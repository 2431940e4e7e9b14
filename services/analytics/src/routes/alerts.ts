// The alerts' admin routes: the episodes newest first, acknowledging one, a test alert mailed to the
// logged-in admin (rate limited per admin, to the account's own address only), and the admin's opt-in to
// the alert mails. Behind the admin session (app.ts); the gateway refuses the writes from another origin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertsRoutes } from '@bodymetrics/contracts';
import {
  HttpError,
  notFound,
  routeOptions,
  serviceUnavailable,
  unauthorized,
} from '@bodymetrics/service-kit';
import { rateLimiter } from '@bodymetrics/service-kit/rate-limit';
import type { AnalyticsDeps } from '../deps';
import { acknowledgeAlert, listAlerts } from '../alerts/alerts.repository';
import { renderAlertMail } from '../alerts/render-alert-mail';

/** Default limit of "Trimite o alertă de test": 3 per admin per hour. */
export const defaultAlertTestLimit = { max: 3, windowMs: 60 * 60 * 1000 };

export const alertsRoutesPlugin: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limit = deps.alertTestLimit ?? defaultAlertTestLimit;
  // In Postgres, as the digest's "send now": one count however many processes serve the route.
  const testMails = rateLimiter('alert-test', limit, { kind: 'postgres', db });

  const adminOf = async (adminId: number | undefined) => {
    if (adminId === undefined) throw unauthorized();
    const admin = await db
      .selectFrom('admin_users')
      .select(['id', 'email', 'alerts_opt_in'])
      .where('id', '=', adminId)
      .executeTakeFirst();
    if (!admin) throw unauthorized();
    return admin;
  };

  app.route({ ...routeOptions(alertsRoutes.list), handler: async () => listAlerts(db) });

  app.route({
    ...routeOptions(alertsRoutes.acknowledge),
    handler: async (request) => {
      const alert = await acknowledgeAlert(db, request.params.id, now());
      if (!alert) throw notFound(`alert ${request.params.id}`);
      return alert;
    },
  });

  app.route({
    ...routeOptions(alertsRoutes.test),
    handler: async (request) => {
      const admin = await adminOf(request.adminSession?.adminId);
      if (!deps.mailer) throw serviceUnavailable('mail is not configured for the analytics service');
      await testMails.takeOrRefuse(
        String(admin.id),
        `at most ${limit.max} test alerts per ${Math.round(limit.windowMs / 60000)} minutes`,
      );
      const at = now().toISOString();
      const alert = {
        kind: 'traffic_drop' as const,
        subject: 'visitors',
        subjectLabel: 'Vizitatori',
        startedAt: at,
        endedAt: null,
        expected: 120,
        observed: 30,
        unit: 'count' as const,
        acknowledgedAt: null,
      };
      try {
        await deps.mailer.send(
          renderAlertMail({ to: admin.email, alert, timeZone: deps.timeZone, test: true }),
        );
      } catch {
        await testMails.giveBack(String(admin.id));
        throw new HttpError(
          502,
          'mail_delivery_failed',
          'the mail server did not take the test alert; try again later',
        );
      }
      return { sent: true as const, to: admin.email };
    },
  });

  app.route({
    ...routeOptions(alertsRoutes.settings),
    handler: async (request) => {
      const admin = await adminOf(request.adminSession?.adminId);
      return { optedIn: admin.alerts_opt_in, email: admin.email };
    },
  });

  app.route({
    ...routeOptions(alertsRoutes.updateSettings),
    handler: async (request) => {
      const admin = await adminOf(request.adminSession?.adminId);
      await db
        .updateTable('admin_users')
        .set({ alerts_opt_in: request.body.optedIn })
        .where('id', '=', admin.id)
        .execute();
      return { optedIn: request.body.optedIn, email: admin.email };
    },
  });
};
