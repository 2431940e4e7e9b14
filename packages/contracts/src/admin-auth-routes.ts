// Operator sign-in (spec §7 "Admin", design.md §4 Admin session): the admin-auth service registers these,
// the dashboard calls them through the typed client.
import {
  adminLoginBodySchema,
  adminLoginResultSchema,
  adminSessionBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  successResultSchema,
  validateSessionResultSchema,
} from './admin';
import { route } from './route';
import { adminAuthPaths } from './route-paths';

const write = { method: 'POST', status: 200 } as const;

export const adminAuthRoutes = {
  login: route({
    ...write,
    path: adminAuthPaths.login,
    body: adminLoginBodySchema,
    response: adminLoginResultSchema,
  }),
  logout: route({
    ...write,
    path: adminAuthPaths.logout,
    body: adminSessionBodySchema,
    response: successResultSchema,
  }),
  validateSession: route({
    ...write,
    path: adminAuthPaths.validateSession,
    body: adminSessionBodySchema,
    response: validateSessionResultSchema,
  }),
  /** The same answer whether or not the account exists. */
  forgotPassword: route({
    ...write,
    path: adminAuthPaths.forgotPassword,
    body: forgotPasswordBodySchema,
    response: successResultSchema,
  }),
  resetPassword: route({
    ...write,
    path: adminAuthPaths.resetPassword,
    body: resetPasswordBodySchema,
    response: successResultSchema,
  }),
} as const;
