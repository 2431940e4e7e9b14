// The admin-auth calls of spec §7 "Admin", through their route contracts (adminAuthRoutes): each answer is
// parsed by its route's schema.
import '@bodymetrics/web-kit/zod-jitless';
import {
  adminAuthRoutes,
  type AdminLoginResult,
  type AdminSessionStarted,
  type TwoFactorConfirmed,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  type ValidateSessionResult,
} from '@bodymetrics/contracts';
import { call } from '@bodymetrics/web-kit/api';

export function login(username: string, password: string): Promise<AdminLoginResult> {
  return call(adminAuthRoutes.login, { body: { username, password } });
}

export async function logout(sessionId: string): Promise<void> {
  await call(adminAuthRoutes.logout, { body: { sessionId } }, { sessionId });
}

export function validateSession(sessionId: string): Promise<ValidateSessionResult> {
  return call(adminAuthRoutes.validateSession, { body: { sessionId } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await call(adminAuthRoutes.forgotPassword, { body: { email } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await call(adminAuthRoutes.resetPassword, { body: { token, password } });
}

/** The sign-in's second step: the token of the password step and a TOTP or recovery code. */
export function submitSecondFactor(pendingToken: string, code: string): Promise<AdminSessionStarted> {
  return call(adminAuthRoutes.secondFactor, { body: { pendingToken, code } });
}

/**
 * Who enrols: the signed-in admin (`sessionId`) or, when a second factor is required and the admin has
 * none, the holder of the password step's enrolment token (`pendingToken`).
 */
export type Enroller = { sessionId: string } | { pendingToken: string };

const asEnroller = (who: Enroller) =>
  'pendingToken' in who
    ? { body: { pendingToken: who.pendingToken }, options: {} }
    : { body: {}, options: { sessionId: who.sessionId } };

export function twoFactorStatus(who: Enroller): Promise<TwoFactorStatus> {
  const { body, options } = asEnroller(who);
  return call(adminAuthRoutes.twoFactorStatus, { body }, options);
}

export function startTwoFactor(who: Enroller): Promise<TwoFactorEnrolment> {
  const { body, options } = asEnroller(who);
  return call(adminAuthRoutes.twoFactorStart, { body }, options);
}

export function confirmTwoFactor(who: Enroller, code: string): Promise<TwoFactorConfirmed> {
  const { body, options } = asEnroller(who);
  return call(adminAuthRoutes.twoFactorConfirm, { body: { ...body, code } }, options);
}

export async function disableTwoFactor(sessionId: string, code: string): Promise<void> {
  await call(adminAuthRoutes.twoFactorDisable, { body: { code } }, { sessionId });
}
