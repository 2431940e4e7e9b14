// The admin-auth calls of spec §7 "Admin".
import type { AdminLoginResult, ValidateSessionResult } from '@bodymetrics/contracts';
import { apiJson, apiRequest } from '@bodymetrics/web-kit/api';

export function login(username: string, password: string): Promise<AdminLoginResult> {
  return apiJson<AdminLoginResult>('POST', '/api/admin/login', { username, password });
}

export async function logout(sessionId: string): Promise<void> {
  await apiRequest('POST', '/api/admin/logout', { sessionId }, { sessionId });
}

export async function validateSession(sessionId: string): Promise<ValidateSessionResult> {
  const body = await apiJson<Partial<ValidateSessionResult>>('POST', '/api/admin/validate-session', {
    sessionId,
  });
  return {
    valid: body.valid === true,
    ...(typeof body.username === 'string' ? { username: body.username } : {}),
  };
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('POST', '/api/admin/forgot-password', { email });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiRequest('POST', '/api/admin/reset-password', { token, password });
}
