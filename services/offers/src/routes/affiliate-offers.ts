// GET /api/affiliate-offers/all (spec §7 "Offers and content"). The client caches the list for the whole
// visit; a minute of shared caching keeps a burst of visitors from each reaching Postgres. While an offer
// has a daily click cap the list may change with any click (a capped offer leaves it once its clicks reach
// the cap), so it is cached for 5 seconds only: a capped offer is out of every cache within seconds of the
// aggregator counting its last click. Invalidating on each counted click was the other way; it would need a
// message from the aggregator to every offers instance and could not reach the caches in front of them.
import { offersRoutes } from '@bodymetrics/contracts';
import type { Db } from '@bodymetrics/db';
import { routeOptions, type App } from '@bodymetrics/service-kit';
import { listServedOffers } from '../affiliate-offers.repository';

export const offersListCaching = 'public, max-age=60';
export const cappedOffersListCaching = 'public, max-age=5';

export function affiliateOfferRoutes(app: App, { db, timeZone }: { db: Db; timeZone: string }): void {
  app.route({
    ...routeOptions(offersRoutes.all),
    handler: async (_request, reply) => {
      const { offers, capped } = await listServedOffers(db, timeZone);
      reply.header('cache-control', capped ? cappedOffersListCaching : offersListCaching);
      return offers;
    },
  });
}
