// The "Administratori" panel's routes: accounts and API keys (the admin-auth service, behind the admin
// session; every change needs role admin).
import {
  adminAccountCreateBodySchema,
  adminAccountListSchema,
  adminAccountParamsSchema,
  adminAccountPatchBodySchema,
  adminAccountSchema,
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeyRevokedSchema,
} from './admin-accounts';
import { route } from './route';
import { adminAccountsPaths } from './route-paths';

export const adminAccountsRoutes = {
  list: route({
    method: 'GET',
    status: 200,
    path: adminAccountsPaths.list,
    response: adminAccountListSchema,
  }),
  create: route({
    method: 'POST',
    status: 201,
    path: adminAccountsPaths.create,
    body: adminAccountCreateBodySchema,
    response: adminAccountSchema,
  }),
  /** 409 when it would leave no active admin. */
  update: route({
    method: 'PATCH',
    status: 200,
    path: adminAccountsPaths.update,
    params: adminAccountParamsSchema,
    body: adminAccountPatchBodySchema,
    response: adminAccountSchema,
  }),
} as const;

export const apiKeysRoutes = {
  list: route({ method: 'GET', status: 200, path: adminAccountsPaths.apiKeys, response: apiKeyListSchema }),
  create: route({
    method: 'POST',
    status: 201,
    path: adminAccountsPaths.createApiKey,
    body: apiKeyCreateBodySchema,
    response: apiKeyCreatedSchema,
  }),
  revoke: route({
    method: 'DELETE',
    status: 200,
    path: adminAccountsPaths.revokeApiKey,
    params: apiKeyParamsSchema,
    response: apiKeyRevokedSchema,
  }),
} as const;
