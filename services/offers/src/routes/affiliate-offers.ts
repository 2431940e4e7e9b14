// GET /api/affiliate-offers/all (spec §7 "Offers and content"). The client caches the list for the whole
// visit; a minute of shared caching keeps a burst of visitors from each reaching Postgres.
import { offersRoutes } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { listActiveOffers } from '../affiliate-offers.repository';

export function affiliateOfferRoutes(app: App, { db }: { db: Db }): void {
  app.route({
    ...routeOptions(offersRoutes.all),
    handler: async (_request, reply) => {
      const offers = await listActiveOffers(db);
      reply.header('cache-control', 'public, max-age=60');
      return offers;
    },
  });
}
