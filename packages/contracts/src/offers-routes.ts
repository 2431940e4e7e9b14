// The offers service's public reads: the sponsored offers and the legal pages.
import { route } from './route';
import { offersPaths } from './route-paths';
import { affiliateOffersResponseSchema, legalPageParamsSchema, legalPageSchema } from './offers';

const read = { method: 'GET', status: 200 } as const;

/** The public offers list and the legal pages (the offers service). */
export const offersRoutes = {
  all: route({ ...read, path: offersPaths.all, response: affiliateOffersResponseSchema }),
  /** GET /api/legal/:slug (spec §2 "Legal pages"). */
  legalPage: route({
    ...read,
    path: offersPaths.legalPage,
    params: legalPageParamsSchema,
    response: legalPageSchema,
  }),
} as const;
