// Operator sign-in (spec §7 "Admin", design.md §4 Admin session): the admin-auth service registers these,
// the dashboard calls them through the typed client.
import {
  adminLoginBodySchema,
  adminLoginResultSchema,
  adminSessionBodySchema,
  adminSessionStartedSchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  successResultSchema,
  validateSessionResultSchema,
} from './admin';
import {
  secondFactorBodySchema,
  twoFactorConfirmBodySchema,
  twoFactorConfirmedSchema,
  twoFactorDisableBodySchema,
  twoFactorEnrolBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from './two-factor';
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
  /** The sign-in's second step: the login's pending token and a TOTP or recovery code → the session. */
  secondFactor: route({
    ...write,
    path: adminAuthPaths.secondFactor,
    body: secondFactorBodySchema,
    response: adminSessionStartedSchema,
  }),
  twoFactorStatus: route({
    ...write,
    path: adminAuthPaths.twoFactorStatus,
    body: twoFactorEnrolBodySchema,
    response: twoFactorStatusSchema,
  }),
  /** A new secret (replacing an enrolment not yet confirmed); refused while a factor is active. */
  twoFactorStart: route({
    ...write,
    path: adminAuthPaths.twoFactorStart,
    body: twoFactorEnrolBodySchema,
    response: twoFactorEnrolmentSchema,
  }),
  twoFactorConfirm: route({
    ...write,
    path: adminAuthPaths.twoFactorConfirm,
    body: twoFactorConfirmBodySchema,
    response: twoFactorConfirmedSchema,
  }),
  /** Removes the signed-in admin's factor, with a current code. */
  twoFactorDisable: route({
    ...write,
    path: adminAuthPaths.twoFactorDisable,
    body: twoFactorDisableBodySchema,
    response: successResultSchema,
  }),
} as const;
