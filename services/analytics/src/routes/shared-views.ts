// The admin's shared views: make a read-only link to chosen tabs (its token answered once, stored as its
// SHA-256; the optional password as an scrypt hash), list them, revoke one. Behind the admin session
// (app.ts); the gateway refuses the writes from another origin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sharedViewsRoutes } from '@bodymetrics/contracts';
import { hashPassword } from '@bodymetrics/admin-auth/password-hash';
import { badRequest, notFound, routeOptions, unauthorized } from '@bodymetrics/service-kit';
import type { AnalyticsDeps } from '../deps';
import {
  createSharedView,
  listSharedViews,
  publicViewOf,
  revokeSharedView,
} from '../shared-views/shared-views.repository';
import { hashSharedLinkToken, newSharedLinkToken } from '../shared-views/shared-link-token';

/** The page of a link in the admin app (the gateway serves it without an admin session). */
export const sharedViewPagePath = (token: string) => `/admin/share/${token}`;

export const sharedViewsRoutesPlugin: FastifyPluginAsyncZod<AnalyticsDeps> = async (app, deps) => {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  app.route({
    ...routeOptions(sharedViewsRoutes.list),
    handler: async () => ({ sharedViews: (await listSharedViews(db)).map(publicViewOf) }),
  });

  app.route({
    ...routeOptions(sharedViewsRoutes.create),
    handler: async (request, reply) => {
      const createdBy = request.adminSession?.username;
      if (createdBy === undefined) throw unauthorized();
      const { name, tabs, password, expiresAt } = request.body;
      if (expiresAt !== undefined && Date.parse(expiresAt) <= now().getTime())
        throw badRequest('expiresAt', 'must be in the future');
      const token = newSharedLinkToken();
      const view = await createSharedView(db, {
        name,
        tabs,
        tokenHash: hashSharedLinkToken(token),
        passwordHash: password === undefined ? null : await hashPassword(password),
        expiresAt: expiresAt ?? null,
        createdBy,
      });
      return reply.status(201).send({ ...publicViewOf(view), token, url: sharedViewPagePath(token) });
    },
  });

  app.route({
    ...routeOptions(sharedViewsRoutes.revoke),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await revokeSharedView(db, id, now()))) throw notFound(`shared view ${id}`);
      return { revoked: true as const, id };
    },
  });
};
