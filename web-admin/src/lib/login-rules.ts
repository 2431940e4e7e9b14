// Spec §5 "Admin login": username and password must both be non-empty before the form can be sent.
export function canSubmitLogin(username: string, password: string): boolean {
  return username.trim() !== '' && password !== '';
}
