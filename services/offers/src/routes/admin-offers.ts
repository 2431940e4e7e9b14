// GET/POST /api/admin/offers and PATCH /api/admin/offers/:id: the operator's offer
// management. Registered inside the admin-session scope (app.ts), so request.adminSession is always set here.
// The public list reads the table on every request, so an edit shows there at once (after the list's
// shared cache); the shares are computed again after each write, as an offer may have joined, left or moved
// a segment.
import { adminOffersRoutes, offerPairingProblem } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { badRequest, notFound, routeOptions } from '@bodymetrics/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOffer, findOffer, listAllOffers, updateOffer } from '../admin-offers.repository';

export const adminIdOf = (request: FastifyRequest): number => {
  if (!request.adminSession)
    throw new Error('admin offer routes must be registered behind the session guard');
  return request.adminSession.adminId;
};

/** An offer whose category and goal the pages would never show together is refused, nothing stored. */
function refuseUnshownPairing(offer: { bmiCategory: string; goal: string }): void {
  const problem = offerPairingProblem(offer);
  if (problem) throw badRequest('goal', problem);
}

export interface AdminOfferRoutesOptions {
  db: Db;
  /** Computes every segment's shares now (share-rotation.ts). */
  recomputeShares: () => Promise<void>;
}

export const adminOfferRoutes: FastifyPluginAsyncZod<AdminOfferRoutesOptions> = async (
  app,
  { db, recomputeShares },
) => {
  app.route({
    ...routeOptions(adminOffersRoutes.list),
    handler: async () => listAllOffers(db),
  });

  app.route({
    ...routeOptions(adminOffersRoutes.create),
    handler: async (request) => {
      refuseUnshownPairing(request.body);
      const id = await createOffer(db, adminIdOf(request), request.body);
      await recomputeShares();
      return (await findOffer(db, id))!;
    },
  });

  app.route({
    ...routeOptions(adminOffersRoutes.update),
    handler: async (request) => {
      const { id } = request.params;
      const { bmiCategory, goal } = request.body;
      if (bmiCategory !== undefined || goal !== undefined) {
        const stored = await findOffer(db, id);
        if (!stored) throw notFound(`Offer ${id}`);
        refuseUnshownPairing({ bmiCategory: bmiCategory ?? stored.bmiCategory, goal: goal ?? stored.goal });
      }
      if (!(await updateOffer(db, adminIdOf(request), id, request.body))) throw notFound(`Offer ${id}`);
      await recomputeShares();
      return (await findOffer(db, id))!;
    },
  });
};
