// GET/POST /api/admin/offers and PATCH /api/admin/offers/:id: the operator's offer
// management. Registered inside the admin-session scope (app.ts), so request.adminSession is always set here.
// The public list reads the table on every request, so an edit shows there at once (after the list's
// one-minute shared cache).
import { adminOffersRoutes } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { notFound, routeOptions } from '@bodymetrics/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOffer, findOffer, listAllOffers, updateOffer } from '../admin-offers.repository';

const adminIdOf = (request: FastifyRequest): number => {
  if (!request.adminSession)
    throw new Error('admin offer routes must be registered behind the session guard');
  return request.adminSession.adminId;
};

export const adminOfferRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...routeOptions(adminOffersRoutes.list),
    handler: async () => listAllOffers(db),
  });

  app.route({
    ...routeOptions(adminOffersRoutes.create),
    handler: async (request) => {
      const id = await createOffer(db, adminIdOf(request), request.body);
      return (await findOffer(db, id))!;
    },
  });

  app.route({
    ...routeOptions(adminOffersRoutes.update),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await updateOffer(db, adminIdOf(request), id, request.body))) throw notFound(`Offer ${id}`);
      return (await findOffer(db, id))!;
    },
  });
};
