// Shared views' routes (analytics). The admin's — create, list, revoke — sit behind the admin session and
// the same-origin rule; the link's — under /api/shared/, public, GET only but the password check — are
// answered to whoever holds the token, limited per client (RATE_LIMIT_SHARED_VIEW_PER_MINUTE).
import { overviewQuerySchema, periodQuerySchema } from './analytics';
import { route } from './route';
import { sharedViewsPaths } from './route-paths';
import {
  sharedOverviewSchema,
  sharedTabParamsSchema,
  sharedTabSchema,
  sharedTokenParamsSchema,
  sharedViewCreateBodySchema,
  sharedViewCreatedSchema,
  sharedViewIdParamsSchema,
  sharedViewInfoSchema,
  sharedViewListSchema,
  sharedViewRevokedSchema,
  sharedViewUnlockBodySchema,
  sharedViewUnlockedSchema,
} from './shared-views';

export const sharedViewsRoutes = {
  list: route({ method: 'GET', status: 200, path: sharedViewsPaths.list, response: sharedViewListSchema }),
  create: route({
    method: 'POST',
    status: 201,
    path: sharedViewsPaths.create,
    body: sharedViewCreateBodySchema,
    response: sharedViewCreatedSchema,
  }),
  revoke: route({
    method: 'DELETE',
    status: 200,
    path: sharedViewsPaths.revoke,
    params: sharedViewIdParamsSchema,
    response: sharedViewRevokedSchema,
  }),
} as const;

/** The link's own reads: public, by token. */
export const sharedLinkRoutes = {
  info: route({
    method: 'GET',
    status: 200,
    path: sharedViewsPaths.info,
    params: sharedTokenParamsSchema,
    response: sharedViewInfoSchema,
  }),
  unlock: route({
    method: 'POST',
    status: 200,
    path: sharedViewsPaths.unlock,
    params: sharedTokenParamsSchema,
    body: sharedViewUnlockBodySchema,
    response: sharedViewUnlockedSchema,
  }),
  overview: route({
    method: 'GET',
    status: 200,
    path: sharedViewsPaths.overview,
    params: sharedTokenParamsSchema,
    query: overviewQuerySchema,
    response: sharedOverviewSchema,
  }),
  tab: route({
    method: 'GET',
    status: 200,
    path: sharedViewsPaths.tab,
    params: sharedTabParamsSchema,
    query: periodQuerySchema,
    response: sharedTabSchema,
  }),
} as const;
