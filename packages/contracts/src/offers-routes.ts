// The offers service's public reads: the sponsored offers and the legal pages.
import { route } from './route';
import { offersPaths, postbackPaths } from './route-paths';
import { postbackQuerySchema, postbackResultSchema } from './postback';
import {
  affiliateOffersResponseSchema,
  legalPageParamsSchema,
  legalPageQuerySchema,
  legalPageSchema,
  supportNoteSchema,
} from './offers';

const read = { method: 'GET', status: 200 } as const;

/** The public offers list and the legal pages (the offers service). */
export const offersRoutes = {
  all: route({ ...read, path: offersPaths.all, response: affiliateOffersResponseSchema }),
  /** The eating-disorder support note shown in place of offers for a BMI under 17.5. */
  supportNote: route({ ...read, path: offersPaths.supportNote, response: supportNoteSchema }),
  /** GET /api/legal/:slug (spec §2 "Legal pages"). */
  legalPage: route({
    ...read,
    path: offersPaths.legalPage,
    params: legalPageParamsSchema,
    query: legalPageQuerySchema,
    response: legalPageSchema,
  }),
} as const;

/**
 * The networks' postback: server to server, so no same-origin check; counted against the
 * gateway's per-client budget like the tracking writes (route-table.ts).
 */
export const postbackRoutes = {
  postback: route({
    ...read,
    path: postbackPaths.postback,
    query: postbackQuerySchema,
    response: postbackResultSchema,
  }),
} as const;
