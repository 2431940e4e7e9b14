// GET/POST /api/admin/admins and PATCH /api/admin/admins/:id: the "Administratori" panel's accounts. The
// admin-session guard of the scope (app.ts) lets a viewer list them and only an admin change them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAccountsRoutes } from '@bodymetrics/contracts';
import { HttpError, notFound, routeOptions } from '@bodymetrics/service-kit';
import type { AdminAuthDeps } from '../deps';
import { AdminAccountError, AdminExistsError, createAdmin, publicView } from '../admin-accounts';
import { changeAccount, LastActiveAdminError } from '../account-changes';
import { listAdmins } from '../admin-users.repository';
import type { AnnounceSessionsRevoked } from '../sessions-revoked';

export interface AdminAccountsOptions extends Pick<AdminAuthDeps, 'db'> {
  sessionsRevoked: AnnounceSessionsRevoked;
}

/** The account errors as HTTP: a taken name or the last admin is a conflict, the rest bad input. */
export function accountErrorAsHttp(err: unknown): unknown {
  if (err instanceof LastActiveAdminError) return new HttpError(409, 'last_active_admin', err.message);
  if (err instanceof AdminExistsError) return new HttpError(409, 'admin_exists', err.message);
  if (err instanceof AdminAccountError) return new HttpError(400, 'validation_error', err.message);
  return err;
}

export const adminAccountsRoutesPlugin: FastifyPluginAsyncZod<AdminAccountsOptions> = async (
  app,
  { db, sessionsRevoked },
) => {
  app.route({
    ...routeOptions(adminAccountsRoutes.list),
    handler: async () => ({ admins: (await listAdmins(db)).map(publicView) }),
  });

  app.route({
    ...routeOptions(adminAccountsRoutes.create),
    handler: async (request, reply) => {
      const admin = await createAdmin(db, request.body).catch((err: unknown) => {
        throw accountErrorAsHttp(err);
      });
      request.log.info(
        { by: request.adminSession?.username, username: admin.username, role: admin.role },
        'admin account created',
      );
      return reply.code(201).send(admin);
    },
  });

  app.route({
    ...routeOptions(adminAccountsRoutes.update),
    handler: async (request) => {
      const changed = await changeAccount(db, request.params.id, request.body).catch((err: unknown) => {
        throw accountErrorAsHttp(err);
      });
      if (!changed) throw notFound('Admin');
      // The disabled account's open dashboards lose their live socket now, not at live's next re-check.
      if (changed.sessionsEnded) await sessionsRevoked({ adminId: changed.id });
      request.log.info(
        { by: request.adminSession?.username, username: changed.username, change: request.body },
        'admin account changed',
      );
      const { sessionsEnded: _ended, ...account } = changed;
      return account;
    },
  });
};
