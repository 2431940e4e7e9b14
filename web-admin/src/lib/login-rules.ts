// Spec §5 "Admin login": username and password must both be non-empty before the form can be sent.
export function canSubmitLogin(username: string, password: string): boolean {
  return username.trim() !== '' && password !== '';
}

/** A code of the authenticator app: six digits (spaces typed between them do not count). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}
