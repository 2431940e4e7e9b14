// The admin-auth calls of spec §7 "Admin", through their route contracts (adminAuthRoutes): each answer is
// parsed by its route's schema.
import '@bodymetrics/web-kit/zod-jitless';
import { adminAuthRoutes, type AdminLoginResult, type ValidateSessionResult } from '@bodymetrics/contracts';
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
